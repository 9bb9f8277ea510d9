"""Talking to an external UCI/UCCI engine process with asyncio.

:class:`AsyncEngine` owns one engine process (its pipes are
:class:`~cotuong.uci.process.EngineProcess`'s): it starts it, does the handshake with
a timeout, keeps it in sync with ``isready``, runs searches with limits while parsing
``info`` lines, sends ``stop``, and always shuts the process down (``quit``, then
terminate, then kill).
Everything that can go wrong becomes an :class:`~cotuong.uci.errors.EngineError`.

Every move the engine answers is checked against the rules core, so a buggy engine
cannot make an illegal move in our games.

>>> import asyncio, sys
>>> async def demo() -> str:
...     engine = AsyncEngine([sys.executable, "-c", "print('hello')"], handshake_timeout=2)
...     try:
...         await engine.start()
...     except EngineError as err:
...         return err.code
...     return "started"
>>> asyncio.run(demo())
'ENGINE_TERMINATED'
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from cotuong.core.board import Board
from cotuong.core.errors import GameOverError
from cotuong.core.types import Color, Move
from cotuong.engine.interface import Info, InfoCallback, Limits, SearchResult
from cotuong.uci.errors import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineTimeoutError,
)
from cotuong.uci.process import EngineProcess, split_command
from cotuong.uci.protocol import (
    EngineOption,
    ProtocolName,
    export_move,
    go_command,
    parse_bestmove,
    parse_info,
    parse_option,
    position_command,
    setoption_command,
    side_clock,
)


class AsyncEngine(EngineProcess):
    """One external engine process speaking UCI or UCCI (``protocol``).

    ``rank_base`` is 0 for engines writing ranks 0-9 (UCCI, Pikafish) and 1 for those
    writing 1-10 (Fairy-Stockfish). Timeouts are in seconds: ``handshake_timeout`` for
    the start, ``reply_timeout`` for ``isready`` and as the grace after a search's time
    budget (or after ``stop``) before the engine counts as hung.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        protocol: ProtocolName = "uci",
        rank_base: int = 0,
        handshake_timeout: float = 10.0,
        reply_timeout: float = 5.0,
        quit_timeout: float = 1.0,
        cwd: str | None = None,
    ) -> None:
        if protocol not in ("uci", "ucci"):
            raise EngineError(f"unknown engine protocol {protocol!r} (use 'uci' or 'ucci')")
        if rank_base not in (0, 1):
            raise EngineError(f"rank_base must be 0 or 1, not {rank_base!r}")
        super().__init__(command, quit_timeout=quit_timeout, cwd=cwd)
        self.protocol: ProtocolName = protocol
        self.rank_base = rank_base
        self.handshake_timeout = handshake_timeout
        self.reply_timeout = reply_timeout
        self.id_name: str | None = None
        self.id_author: str | None = None
        self.options: dict[str, EngineOption] = {}
        self.warnings: list[str] = []  # tolerated oddities (unparsable info lines...)
        self._millisec = True
        self._searching = False
        self._stop_deadline: float | None = None
        # After a failed search the engine may still print its late answer: the next
        # command first syncs with ``isready``, which skips such stale lines.
        self._dirty = False

    async def start(self) -> None:
        """Start the process and complete the handshake (``uci``→``uciok`` or
        ``ucci``→``ucciok``, then ``isready``→``readyok``)."""
        await self._spawn()
        try:
            await self._handshake()
        except BaseException:
            await self.quit()
            raise

    async def _handshake(self) -> None:
        hello, ok = ("uci", "uciok") if self.protocol == "uci" else ("ucci", "ucciok")
        await self.send(hello)
        deadline = self._deadline_in(self.handshake_timeout)
        while True:
            line = await self._next_line(deadline, f"'{ok}' (handshake)")
            if line == ok:
                break
            if line.startswith("id name "):
                self.id_name = line[8:].strip()
            elif line.startswith("id author "):
                self.id_author = line[10:].strip()
            elif line.startswith("option "):
                try:
                    opt = parse_option(line)
                except EngineProtocolError as exc:
                    self.warnings.append(str(exc))
                else:
                    self.options[opt.name.lower()] = opt
        if self.protocol == "ucci":
            # UCCI clocks are in seconds unless the engine takes milliseconds.
            self._millisec = "usemillisec" in self.options
            if self._millisec:
                await self.send("setoption usemillisec true")
        await self.is_ready()

    async def is_ready(self, timeout: float | None = None) -> None:
        """``isready`` → wait for ``readyok`` (engines answer it even while busy)."""
        await self.send("isready")
        deadline = self._deadline_in(self.reply_timeout if timeout is None else timeout)
        while (await self._next_line(deadline, "'readyok'")) != "readyok":
            pass

    async def set_option(self, name: str, value: str) -> None:
        """Set an engine option (UCI ``setoption name N value V``; UCCI ``setoption N V``)."""
        await self.send(setoption_command(name, value, self.protocol))
        await self.is_ready()

    async def new_game(self) -> None:
        """Tell the engine a new game starts (UCI ``ucinewgame``; UCCI has no such command)."""
        if self.protocol == "uci":
            await self.send("ucinewgame")
        await self.is_ready()

    # ------------------------------------------------------------ search
    async def search(
        self,
        start_fen: str,
        moves: Sequence[str],
        limits: Limits,
        on_info: InfoCallback | None = None,
        *,
        timeout: float | None = None,
    ) -> SearchResult:
        """Search the position reached from ``start_fen`` by ``moves`` (ICCS).

        Waits for the engine's time budget plus ``reply_timeout``, then sends ``stop``
        and waits ``reply_timeout`` more before declaring it hung. Searches without a
        time bound (depth, nodes, infinite) wait until :meth:`request_stop` or
        ``timeout`` seconds. The answer is checked against the rules.
        """
        board = Board(start_fen)
        for text in moves:
            board.push(Move.from_iccs(text))  # our caller's moves: IllegalMoveError if bad
        every = {m.iccs for m in board.legal_moves}
        if not every:
            raise GameOverError(f"no legal move for the side to move in {board.fen()}")
        # Only the allowed root moves (an arbiter's order, say); UCCI says it as banmoves.
        legal = (every & set(limits.searchmoves)) or every
        if self._dirty:
            await self.is_ready()
            self._dirty = False
        await self.send(position_command(start_fen, moves, rank_base=self.rank_base))
        if self.protocol == "ucci" and legal != every:
            await self.send("banmoves " + " ".join(
                export_move(m, rank_base=self.rank_base) for m in sorted(every - legal)))
        await self.send(go_command(limits, self.protocol, turn=board.turn,
                                   millisec=self._millisec, rank_base=self.rank_base))
        loop = asyncio.get_running_loop()
        budget_ms = _time_budget_ms(limits, board.turn)
        if budget_ms is not None:
            search_end: float | None = loop.time() + budget_ms / 1000 + self.reply_timeout
        else:
            search_end = None if timeout is None else loop.time() + timeout
        self._searching, self._stop_deadline, self._dirty = True, None, True

        def deadline() -> float | None:
            return self._stop_deadline if self._stop_deadline is not None else search_end

        last: Info | None = None
        try:
            while True:
                try:
                    line = await self._next_line(deadline, "'bestmove'")
                except EngineTimeoutError:
                    if self._stop_deadline is not None:
                        raise EngineTimeoutError(
                            f"{self._what()} did not answer 'stop' within "
                            f"{self.reply_timeout} s (hung?)") from None
                    await self.request_stop()
                    continue
                if line.startswith("info"):
                    try:
                        info = parse_info(line, rank_base=self.rank_base)
                    except EngineProtocolError as exc:
                        self.warnings.append(str(exc))
                        continue
                    if info is not None:
                        last = info
                        if on_info is not None:
                            try:
                                on_info(info)
                            except Exception as exc:  # the caller's bug must not hang us
                                self.warnings.append(f"on_info callback failed: {exc!r}")
                elif line.startswith(("bestmove", "nobestmove")):
                    best, ponder = parse_bestmove(line, rank_base=self.rank_base)
                    break
                # anything else (copyright banners, 'info string'...) is ignored
        finally:
            self._searching = False
        self._dirty = False  # the answer arrived: nothing stale is left
        if best is None:
            raise EngineProtocolError(
                f"{self._what()} answered '{line}' but there are {len(legal)} legal moves "
                f"in {board.fen()}")
        if best not in legal:
            why = "a move it was not allowed to search" if best in every else "the illegal move"
            raise EngineIllegalMoveError(f"{self._what()} played {why} {best} in {board.fen()}")
        return SearchResult(best, ponder, last)

    async def request_stop(self) -> None:
        """Ask a running search to finish now (no effect when idle)."""
        if self._searching and self._stop_deadline is None:
            self._stop_deadline = asyncio.get_running_loop().time() + self.reply_timeout
            with contextlib.suppress(EngineError):
                await self.send("stop")

def _time_budget_ms(limits: Limits, turn: Color) -> int | None:
    """An upper bound on how long the engine may think, or ``None`` if unbounded."""
    if limits.infinite:
        return None
    if limits.movetime_ms is not None:
        return limits.movetime_ms
    clock, inc = side_clock(limits, turn)
    return None if clock is None else clock + (inc or 0)


__all__ = ["AsyncEngine", "split_command"]
