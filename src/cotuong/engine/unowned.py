"""Arrays without an owner, for the search's hot path (compiled).

Numba counts references to every array it hands around, with an atomic increment and
decrement each time a function unpacks or passes one. The search passes a position of 8
arrays and tables of 15 to every node's helpers, so the counting alone took about 100 ns
per call (measured: the repetition test took 145 ns with owned arrays, 47 ns without) —
about half of the search's time. :func:`unowned` gives the same array with no owner
(``meminfo`` null): reference counting on it is a branch, not an atomic operation.

The owner must outlive the view: the search makes unowned views of the position and tables
its Python caller holds for the whole call, and never stores or returns them.
"""

from __future__ import annotations

from typing import Any

from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

_null: Any = cgutils.get_null_value  # untyped in Numba


@intrinsic
def _unowned(typingctx: Any, arr: Any) -> Any:
    """``arr`` without its owner (compiled code only; the owner must outlive it)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ary = context.make_array(arr)(context, builder, value=args[0])
        ary.meminfo = _null(ary.meminfo.type)
        ary.parent = _null(ary.parent.type)
        return ary._getvalue()

    return arr(arr), codegen


unowned: Any = _unowned  # called as unowned(arr) from compiled code (typing context implied)


@njit(cache=True, nogil=True)
def unowned_position(pos: Any) -> Any:
    """The position's eight arrays, unowned."""
    return (unowned(pos[0]), unowned(pos[1]), unowned(pos[2]), unowned(pos[3]),
            unowned(pos[4]), unowned(pos[5]), unowned(pos[6]), unowned(pos[7]))


@njit(cache=True, nogil=True)
def unowned_tables(t: Any) -> Any:
    """The search tables' fifteen arrays, unowned."""
    return (unowned(t[0]), unowned(t[1]), unowned(t[2]), unowned(t[3]), unowned(t[4]),
            unowned(t[5]), unowned(t[6]), unowned(t[7]), unowned(t[8]), unowned(t[9]),
            unowned(t[10]), unowned(t[11]), unowned(t[12]), unowned(t[13]), unowned(t[14]))
