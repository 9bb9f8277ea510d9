"""Texts of the analysis board's live engine (the ``/ws/analysis`` socket)."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    "ERR_BAD_POSITION": ("Thế cờ không hợp lệ: {problems}",
                         "the position is not valid: {problems}"),
    "ERR_LIVE_BUSY": (
        "Máy chủ đang phân tích cho quá nhiều người ({limit}); hãy thử lại sau ít phút",
        "the server is analysing for too many people ({limit}); try again in a few minutes"),
    "ERR_LIVE_ENGINE_FAILED": ("Máy cờ gặp lỗi khi phân tích thế cờ này",
                               "the engine failed while analysing this position"),
    "ERR_LIVE_NOT_ANALYSING": ("Không có thế cờ nào đang được phân tích",
                               "no position is being analysed"),
}
