"""The optional parts of cotuong ("extras") and the error that names a missing one.

``pip install cotuong`` installs the rules library alone — core, notation, records,
referee, game, tournament — with the standard library only. The rest comes with an
extra: ``[engine]`` (NumPy, Numba: the built-in AI, hence ``play``, ``match``,
``engine``), ``[server]`` (the engine's and FastAPI, uvicorn, websockets, SQLAlchemy:
``cotuong serve``), ``[postgres]``, ``[redis]``, ``[all]``.

>>> err = missing_extra(ModuleNotFoundError("No module named 'numba'", name="numba"),
...                     "the built-in engine")
>>> print(err)
the built-in engine needs the [engine] extra (numba is not installed): \
pip install 'cotuong[engine]'
>>> missing_extra(ModuleNotFoundError("No module named 'nope'", name="nope"), "x") is None
True
"""

from __future__ import annotations

from cotuong.core.errors import CotuongError

# Top-level module -> the extra that installs it.
EXTRA_OF_MODULE: dict[str, str] = {
    "numpy": "engine",
    "numba": "engine",
    "llvmlite": "engine",
    "fastapi": "server",
    "starlette": "server",
    "pydantic": "server",
    "uvicorn": "server",
    "websockets": "server",
    "sqlalchemy": "server",
    "psycopg": "postgres",
    "redis": "redis",
    "py4swiss": "swiss",
}


class MissingExtraError(CotuongError):
    """A feature needs an optional dependency that is not installed."""

    code = "MISSING_EXTRA"

    def __init__(self, what: str, extra: str, module: str) -> None:
        super().__init__(f"{what} needs the [{extra}] extra ({module} is not installed): "
                         f"pip install 'cotuong[{extra}]'")
        self.extra = extra
        self.module = module


def missing_extra(exc: ImportError, what: str) -> MissingExtraError | None:
    """The :class:`MissingExtraError` for ``exc`` when the missing module belongs to an
    extra; ``None`` for any other import failure (a bug, to be raised as it is)."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return None
    module = exc.name.partition(".")[0]
    extra = EXTRA_OF_MODULE.get(module)
    return None if extra is None else MissingExtraError(what, extra, module)
