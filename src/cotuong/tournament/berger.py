"""Round-robin schedules by the Berger tables (seed ``000``, appendix 1; RULES §7).

Players carry their drawn numbers ``1..n``.  With an odd ``n`` a phantom player
``n + 1`` joins and whoever meets it rests that round.  With ``N`` the even field
size there are ``N - 1`` rounds and the appendix gives two rules:

(a) colours: numbers of different parity -> the smaller number plays Red; same
    parity -> the larger; the last even number ``N`` plays Black against
    ``1..N/2`` and Red against the rest;
(b) round: ``i + j - 1``, minus ``N - 1`` when larger than the number of rounds;
    for ``N`` against ``i`` the sum is replaced by ``2i - 1``.

The schedule is built by the rotation of the printed tables (board 1 holds
player ``N``; board ``k`` pairs the numbers ``k - 1`` above and below ``N``'s
opponent, cyclically), so the board order matches the published tables; the
tests check that the result obeys rules (a) and (b) for every ``N`` up to 40.
With an odd field the phantom's pairing is no board: the games keep the tables'
order, numbered from 1, and the rest comes last with board number 0.

A double round robin plays the cycle again with colours reversed. As FIDE's
Berger tables recommend (Handbook C.05 Annex 1), the first cycle's last two
rounds are exchanged: otherwise numbers 1 and ``N/2 + 1`` get the same colour
three times running across the cycle boundary.

>>> [(p.red, p.black) for p in berger_schedule(4)[0]]
[(1, 4), (2, 3)]
>>> berger_round(3, 5, 12), berger_round(12, 3, 12), berger_colours(12, 10, 12)
(7, 5, (12, 10))
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.tournament.errors import ConfigurationError, PairingError


@dataclass(frozen=True)
class Pairing:
    """One board of one round: draw numbers of Red and Black.

    ``bye`` is true when one of the two is the phantom player of an odd field; the
    real player then rests (``rester``) and no game is played.

    >>> Pairing(1, 1, 1, 4, bye=True).rester
    1
    """

    round: int
    board: int
    red: int
    black: int
    bye: bool = False

    @property
    def rester(self) -> int | None:
        """The real player who rests when this board is a bye, else ``None``."""
        if not self.bye:
            return None
        return min(self.red, self.black)

    def has(self, number: int) -> bool:
        """Whether the player with this draw number sits at this board."""
        return number in (self.red, self.black)


def even_size(n: int) -> int:
    """The field size the tables use: ``n`` itself, or ``n + 1`` with the phantom.

    >>> even_size(7), even_size(8)
    (8, 8)
    """
    if n < 2:
        raise ConfigurationError(f"a round robin needs at least 2 players, got {n}")
    return n + (n % 2)


def rounds_in_cycle(n: int) -> int:
    """Rounds of one cycle for ``n`` players (``N - 1`` with ``N`` even).

    >>> rounds_in_cycle(5), rounds_in_cycle(6)
    (5, 5)
    """
    return even_size(n) - 1


def _check_pair(i: int, j: int, size: int) -> None:
    if not (1 <= i <= size and 1 <= j <= size) or i == j:
        raise PairingError(f"no game {i}-{j} among draw numbers 1..{size}")


def berger_round(i: int, j: int, size: int) -> int:
    """Rule (b): the round in which numbers ``i`` and ``j`` meet; ``size`` is even ``N``.

    >>> berger_round(9, 11, 12), berger_round(12, 10, 12)
    (8, 8)
    """
    _check_pair(i, j, size)
    m = size - 1
    if size in (i, j):
        other = j if i == size else i
        total = 2 * other - 1
    else:
        total = i + j - 1
    return total - m if total > m else total


def berger_colours(i: int, j: int, size: int) -> tuple[int, int]:
    """Rule (a): ``(red, black)`` for the game between ``i`` and ``j``.

    >>> berger_colours(3, 5, 12), berger_colours(2, 5, 12), berger_colours(3, 12, 12)
    ((5, 3), (2, 5), (3, 12))
    """
    _check_pair(i, j, size)
    if size in (i, j):
        other = j if i == size else i
        return (other, size) if other <= size // 2 else (size, other)
    lo, hi = min(i, j), max(i, j)
    if (lo - hi) % 2:
        return lo, hi
    return hi, lo


def _board_numbers(r: int, size: int) -> list[tuple[int, int]]:
    """Unordered pairs of round ``r`` (1-based) in the printed board order."""
    m = size - 1
    # N's opponent i satisfies 2i - 1 ≡ r (mod m); i = (r + 1) / 2 or (r + m + 1) / 2.
    opp = (r + 1) // 2 if r % 2 else (r + m + 1) // 2
    pairs = [(size, opp)]
    for k in range(1, size // 2):
        up = (opp - 1 + k) % m + 1
        down = (opp - 1 - k) % m + 1
        pairs.append((up, down))
    return pairs


def _cycle(n: int) -> list[list[Pairing]]:
    size = even_size(n)
    rounds: list[list[Pairing]] = []
    for r in range(1, size):
        games: list[Pairing] = []
        rest: list[Pairing] = []
        for x, y in _board_numbers(r, size):
            red, black = berger_colours(x, y, size)
            if size != n and size in (red, black):
                rest.append(Pairing(r, 0, red, black, bye=True))
            else:
                games.append(Pairing(r, len(games) + 1, red, black))
        rounds.append(games + rest)
    return rounds


def _renumber(rnd: list[Pairing], round_no: int, swap_colours: bool) -> tuple[Pairing, ...]:
    return tuple(Pairing(round_no, p.board, p.black if swap_colours else p.red,
                         p.red if swap_colours else p.black, p.bye) for p in rnd)


def berger_schedule(n: int, double: bool = False,
                    exchange_last_two: bool = True) -> tuple[tuple[Pairing, ...], ...]:
    """All rounds for ``n`` drawn numbers; ``double`` adds a cycle with colours reversed.

    The phantom's pairing (odd ``n``) is kept, last, flagged ``bye`` with board 0, so
    a pairing sheet can say who rests. In a double round robin of four or more rounds
    a cycle, ``exchange_last_two`` (the FIDE recommendation; ``False`` only for events
    stored before it) plays the first cycle's last two rounds in exchanged order.

    >>> s = berger_schedule(3)
    >>> len(s), [(p.board, p.red, p.black, p.bye) for p in s[1]]
    (3, [(1, 1, 2, False), (0, 4, 3, True)])
    >>> [(p.red, p.black) for p in berger_schedule(2, double=True)[1]]
    [(2, 1)]
    >>> [berger_schedule(4, double=True)[r][0].red for r in range(6)]
    [1, 2, 4, 4, 3, 4]
    """
    cycle = _cycle(n)
    m = len(cycle)
    first = list(cycle)
    if double and exchange_last_two and m >= 3:
        first[m - 2], first[m - 1] = first[m - 1], first[m - 2]
    rounds = [_renumber(rnd, r, False) for r, rnd in enumerate(first, 1)]
    if double:
        rounds += [_renumber(rnd, r + m, True) for r, rnd in enumerate(cycle, 1)]
    return tuple(rounds)
