"""``cotuong worker`` refuses clearly when it has no Redis to serve (the worker itself is
tested against real Redis servers in test_worker.py)."""

from __future__ import annotations

import pytest

from cotuong.cli import main


def test_worker_needs_a_redis_url(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    assert main(["worker"]) == 2
    assert "needs a Redis URL" in capsys.readouterr().err


def test_an_unreachable_redis_is_an_error_not_a_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worker", "--redis", "redis://:secret@127.0.0.1:1/0"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach Redis at redis://…@127.0.0.1:1/0" in err and "secret" not in err


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for bad in (["--processes", "0"], ["--lease", "-1"]):
        with pytest.raises(SystemExit):
            main(["worker", *bad])
    assert "must be" in capsys.readouterr().err
