"""Per-move facts for repetition rulings: does a move check, which pieces does it chase.

A *threat* of side S is a pair ``(attacker id, victim id)``: an S piece that could
capture an enemy piece right now, legally, in a way RULES.md §5 counts as a chase
(the attacker is no king or pawn; the victim no king and no uncrossed pawn; the
victim has no real protector, unless an exception makes protection irrelevant; it
is no like-for-like exchange offer the victim can take). A move **newly chases**
victim V when some threat on V exists after the move and did not exist before it.

Comparing the full threat relations before and after the move — protection and
legality included — is what makes discovered chases, chases made by blocking or
pinning a protector, and "the attacker moved along its line" (not new) come out
right without special cases; approximating "new" by the moved piece's geometry is
where simpler referees go wrong.

>>> from cotuong import Board, Move
>>> b = Board("4k4/9/9/9/9/2n6/9/9/9/3K2R2 w - - 0 1")
>>> before = threats(b, 1)
>>> b.push(Move.from_iccs("g0g4"))
>>> sorted(new_victims(before, threats(b, 1)))   # the rook now attacks the horse (id 17)
[17]
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.attacks import attackers_on, piece_targets
from cotuong.core.board import Board
from cotuong.core.types import Color

_KING, _ADVISOR, _ELEPHANT, _HORSE, _ROOK, _CANNON, _PAWN = 1, 2, 3, 4, 5, 6, 7

Threat = tuple[int, int]  # (attacker piece id, victim piece id)


@dataclass(frozen=True, slots=True)
class ChaseOptions:
    """The switches of RULES.md §5 that differ between rule sets.

    ``stronger_victim``: a Mã/Pháo attacking a Xe chases even a protected Xe
    (``000`` Điều 23 point 6). ``minor_attacker``: likewise a Sĩ/Tượng attacking a
    Xe, Mã or Pháo (the Asian rules' list of stronger victims).
    ``pinned_victim``: a victim pinned to its king so that it cannot move at all is
    chased even if it is protected (point 7).
    """

    stronger_victim: bool = True
    pinned_victim: bool = False
    minor_attacker: bool = True


ASIAN_CHASE = ChaseOptions(True, False, True)
SIMPLE_CHASE = ChaseOptions(False, False, False)


def _capture_targets(b: list[int], s: int, side: int) -> list[int]:
    """Squares of enemy pieces that the ``side`` piece on ``s`` attacks (geometry only)."""
    return [t for t in piece_targets(b, s, side) if b[t] * side < 0]


def _legal_capture(board: Board, f: int, t: int, side: int, base: frozenset[int]) -> bool:
    """Could ``side`` capture ``f``x``t`` without exposing its king to a new attack?

    ``base`` holds the squares already attacking ``side``'s king in the position
    being judged. Pins and the flying-general rule make a capture impossible; a
    check already on the board does not, because a threat is judged as "if this
    side were to move again": a checking move must not make every protector look
    false (the checked side cannot recapture while in check), and a side that was
    in check must not seem to create, by answering it, threats it already had.
    A king may never step onto an attacked square.
    """
    b = board.squares
    p = b[f]
    cap = b[t]
    b[t] = p
    b[f] = 0
    try:
        if p == side:
            return not board.king_attacked(t, side)
        k = board.king_squares[side]
        if not board.king_attacked(k, side):
            return True
        return bool(base) and _king_attackers(board, side) <= base
    finally:
        b[f] = p
        b[t] = cap


def _king_attackers(board: Board, side: int) -> frozenset[int]:
    """Squares of the pieces attacking ``side``'s king (flying general included)."""
    k = board.king_squares[side]
    if not board.king_attacked(k, side):
        return frozenset()
    return frozenset(board.attackers(Color.from_sign(-side), k))


def _really_protected(board: Board, f: int, t: int, side: int, base: frozenset[int]) -> bool:
    """After ``side`` captures ``f``x``t``, can the owner of ``t`` legally take back?

    Recapture legality is what separates a real protector ("căn thật") from a false
    one ("căn giả"): a pinned protector, or a king whose recapture would face the
    other king or step into an attack, does not protect. ``base``: the squares
    attacking the owner's king before the capture.
    """
    b = board.squares
    p = b[f]
    cap = b[t]
    b[t] = p
    b[f] = 0
    owner = -side
    try:
        return any(_legal_capture(board, r, t, owner, base) for r in attackers_on(b, t, owner))
    finally:
        b[f] = p
        b[t] = cap


def _pinned(board: Board, t: int, owner: int, base: frozenset[int]) -> bool:
    """Is the piece on ``t`` pinned so that it cannot move at all (``000`` point 7:
    "bị ghim không dịch chuyển được")? A pinned rook that can still slide along the
    pinning line is not."""
    b = board.squares
    q = b[t]
    b[t] = 0
    try:
        if _king_attackers(board, owner) <= base:
            return False  # leaving the square exposes nothing: not pinned
    finally:
        b[t] = q
    return not any(_safe_step(board, t, d, owner, base) for d in piece_targets(b, t, owner))


def _safe_step(board: Board, f: int, t: int, side: int, base: frozenset[int]) -> bool:
    """Is ``f``->``t`` (capture or not) legal for ``side``, ignoring checks in ``base``?"""
    return _legal_capture(board, f, t, side, base)


def _crossed(sq: int, side: int) -> bool:
    """Has a pawn of ``side`` on ``sq`` crossed the river?"""
    return sq // 9 >= 5 if side > 0 else sq // 9 <= 4


def threats(board: Board, side: int, options: ChaseOptions = ASIAN_CHASE) -> frozenset[Threat]:
    """All chase-worthy threats of ``side`` (+1 Red, -1 Black) in the current position.

    Whose turn it is does not matter: this asks "if ``side`` were to move now".
    """
    return _relation(board, side, options)[0]


def _relation(board: Board, side: int,
              options: ChaseOptions) -> tuple[frozenset[Threat], frozenset[Threat]]:
    """(threats, legal captures) of ``side``: the second is every legal capture of a
    non-king piece by a non-king, non-pawn attacker, chase-worthy or not."""
    b = board.squares
    ids = board.square_ids
    loc = board.id_squares
    out: set[Threat] = set()
    caps: set[Threat] = set()
    own_base = _king_attackers(board, side)
    opp_base = _king_attackers(board, -side)
    first = 0 if side > 0 else 16
    for aid in range(first, first + 16):
        s = loc[aid]
        if s < 0:
            continue
        kind = b[s] * side
        if kind in (_KING, _PAWN):
            continue
        for t in _capture_targets(b, s, side):
            vkind = -b[t] * side
            if vkind == _KING or not _legal_capture(board, s, t, side, own_base):
                continue
            caps.add((aid, ids[t]))
            if _chase_worthy(board, s, t, kind, vkind, side, opp_base, options):
                out.add((aid, ids[t]))
    return frozenset(out), frozenset(caps)


def _chase_worthy(board: Board, s: int, t: int, kind: int, vkind: int, side: int,
                  opp_base: frozenset[int], options: ChaseOptions) -> bool:
    """Is the legal capture ``s``x``t`` a threat the chase rules count (RULES.md §5)?"""
    if vkind == _PAWN and not _crossed(t, -side):
        return False
    if kind == vkind and _legal_capture_back(board, t, s, -side, vkind, opp_base):
        return False  # an offer to exchange like for like that the victim can accept
    if options.stronger_victim and vkind == _ROOK and kind in (_HORSE, _CANNON):
        return True
    if options.minor_attacker and kind in (_ADVISOR, _ELEPHANT) and \
            vkind in (_ROOK, _HORSE, _CANNON):
        return True
    if options.pinned_victim and _pinned(board, t, -side, opp_base):
        return True
    return not _really_protected(board, s, t, side, opp_base)


_GHOST = 8  # an occupied square that is no piece: blocks lines, attacks nothing


def move_chases(board: Board, move: int, options: ChaseOptions = ASIAN_CHASE) -> frozenset[int]:
    """Play ``move`` (an int ``from << 7 | to``) on ``board`` and return the victim ids
    it newly chases. The move stays played (pop it to undo).

    >>> from cotuong import Board, Move
    >>> b = Board("4k4/9/9/9/9/2n6/9/9/9/3K2R2 w - - 0 1")
    >>> sorted(move_chases(b, Move.from_iccs("g0g4").encode()))
    [17]
    """
    mover = board.side
    before, caps_before = _relation(board, mover, options)
    opp_caps_before = _relation(board, -mover, options)[1]
    board.push_code(move, None)
    pairs = _new_after(board, move, mover, before, caps_before, opp_caps_before, options)
    return frozenset(v for _, v in pairs)


def _new_after(board: Board, move: int, mover: int, before: frozenset[Threat],
               caps_before: frozenset[Threat], opp_caps_before: frozenset[Threat] | None,
               options: ChaseOptions) -> frozenset[Threat]:
    """The new threats (attacker, victim) of ``move``, just played by ``mover``.

    A threat is new when it is absent before the move and present after it. When
    the attacker could already capture the victim and only the victim's protection
    vanished, the cause matters (AXF diagrams, ``000`` Điều 22.12 "nước đỡ"):

    - the moving piece *arrived* between a protector and the victim, or pins a
      protector, or uncovered a line that pins one: a chase;
    - the moving piece *left* the square where it screened a protecting cannon: a
      chase, unless the move is a defence (it takes one of the mover's own pieces
      out of capture), the ordinary answer to a threat.
    """
    after, _ = _relation(board, mover, options)
    fresh = after - before
    if not fresh:
        return frozenset()
    b = board.squares
    f = move >> 7
    out: set[Threat] = set()
    defence: bool | None = None
    for aid, vid in fresh:
        if (aid, vid) in caps_before:
            s = board.id_squares[aid]
            t = board.id_squares[vid]
            kind = b[s] * mover
            vkind = -b[t] * mover
            plain = _protectors(board, s, t, mover)
            b[f] = _GHOST * mover
            try:
                ghosted = _protectors(board, s, t, mover)
                still = (_legal_capture(board, s, t, mover, _king_attackers(board, mover))
                         and _chase_worthy(board, s, t, kind, vkind, mover,
                                           _king_attackers(board, -mover), options))
            finally:
                b[f] = 0
            if not still and ghosted != plain:
                # A protecting cannon lost its screen when the mover left.
                if defence is None:
                    defence = _is_defence(board, move, mover, opp_caps_before, options)
                if defence:
                    continue
        out.add((aid, vid))
    return frozenset(out)


def _protectors(board: Board, s: int, t: int, side: int) -> list[int]:
    """Squares of the pieces that could geometrically recapture after ``s``x``t``."""
    b = board.squares
    p = b[s]
    cap = b[t]
    b[t] = p
    b[s] = 0
    try:
        return sorted(attackers_on(b, t, -side))
    finally:
        b[s] = p
        b[t] = cap


def _is_defence(board: Board, move: int, mover: int,
                opp_caps_before: frozenset[Threat] | None, options: ChaseOptions) -> bool:
    """Did ``move`` (just played) take one of the mover's pieces out of capture?"""
    if opp_caps_before is None:
        board.pop_code()
        try:
            opp_caps_before = _relation(board, -mover, options)[1]
        finally:
            board.push_code(move, None)
    opp_caps_after = _relation(board, -mover, options)[1]
    return bool(opp_caps_before - opp_caps_after)


def _legal_capture_back(board: Board, v: int, a: int, owner: int, vkind: int,
                        base: frozenset[int]) -> bool:
    """Can the victim on ``v`` (of ``owner``) itself legally capture the attacker on ``a``?"""
    b = board.squares
    return a in _capture_targets(b, v, owner) and _legal_capture(board, v, a, owner, base)


def new_victims(before: frozenset[Threat], after: frozenset[Threat]) -> frozenset[int]:
    """Victim ids of the threats present ``after`` a move and absent ``before`` it."""
    return frozenset(v for (a, v) in after - before)


class PlyNote:
    """What the referee keeps on the board's state stack for one move.

    ``check`` is computed when the move is played (cheap); ``chases`` (victim ids
    the move newly chases) and ``chasers`` (the ids of the pieces that chase them)
    are filled in only when a ruling needs them, then cached. Mutable on purpose:
    it is an internal cache on the board's stack.
    """

    __slots__ = ("chasers", "chases", "check")

    def __init__(self, check: bool) -> None:
        self.check = check
        self.chases: frozenset[int] | None = None
        self.chasers: frozenset[int] = frozenset()

    def __repr__(self) -> str:
        return f"PlyNote(check={self.check}, chases={self.chases})"


def fill_chases(board: Board, start: int, options: ChaseOptions) -> None:
    """Compute the chase sets of the plies ``start..`` of ``board`` (those not cached).

    Works on a copy rewound to ply ``start`` and replayed, so ``board`` is untouched;
    the results land in the :class:`PlyNote` objects shared by both stacks.
    """
    stack = board.stack
    if all(isinstance(e.note, PlyNote) and e.note.chases is not None for e in stack[start:]):
        return
    work = board.copy()
    for _ in range(len(stack) - start):
        work.pop_code()
    for entry in stack[start:]:
        mover = work.side
        note = entry.note
        if isinstance(note, PlyNote) and note.chases is not None:
            work.push_code(entry.move, note)
            continue
        before, caps_before = _relation(work, mover, options)
        work.push_code(entry.move, note)
        pairs = _new_after(work, entry.move, mover, before, caps_before, None, options)
        if isinstance(note, PlyNote):
            note.chases = frozenset(v for _, v in pairs)
            note.chasers = frozenset(a for a, _ in pairs)
