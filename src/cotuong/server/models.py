"""Request bodies of the REST API (pydantic models: validation and the OpenAPI schema).

>>> CreateRoom(opponent="ai", ai_level=3).model_dump()["ai_level"]
3
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class TimeControlBody(BaseModel):
    """``fischer``: base + increment; ``byoyomi``: main time, then ``period_ms`` per move."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["fischer", "byoyomi"]
    base_ms: int = Field(ge=0, le=3 * 3600 * 1000)
    increment_ms: int = Field(0, ge=0, le=600_000)
    period_ms: int = Field(0, ge=0, le=600_000)


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: Literal["xiangqiplay", "asian"] = "xiangqiplay"
    time_control: TimeControlBody | None = None
    color: Literal["red", "black", "random"] = "random"
    rated: bool = False
    opponent: Literal["human", "ai"] = "human"
    ai_level: int | None = Field(None, ge=1, le=8)
    lang: Literal["vi", "en"] = "vi"
    fen: str | None = Field(None, max_length=128)


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=200)
