"""The ``cotuong engine`` session: UCI (and UCCI) over stdin/stdout.

Moves are ICCS with ranks 0-9 (``h2e2``), as Pikafish and UCCI engines write them.
A :class:`UciServer` wraps any :class:`~cotuong.engine.interface.EnginePlayer`; the
search runs in a thread so ``stop``, ``isready`` and ``quit`` are read while it
thinks. Bad commands get ``info string error: …`` and change nothing. Every
``bestmove`` is checked against the rules core: the server never sends an illegal
move, answers ``bestmove (none)`` (UCCI ``nobestmove``) when there is no legal move,
and answers ``stop`` within ~0.1 s even if the engine is slow to return.

>>> from cotuong.engine.interface import Limits, SearchResult
>>> class First:  # a tiny EnginePlayer: the first legal move
...     name = "first"
...     def new_game(self): pass
...     def set_option(self, name, value): pass
...     def search(self, start_fen, moves, limits, on_info=None):
...         return SearchResult("h2e2")
...     def stop(self): pass
...     def close(self): pass
>>> out = []
>>> server = UciServer(First(), out.append)
>>> for line in ["uci", "isready", "position startpos", "go depth 1"]:
...     _ = server.handle(line)
...     server.wait()
>>> out[-1], "uciok" in out, "readyok" in out
('bestmove h2e2', True, True)
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from collections.abc import Callable, Iterable

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError
from cotuong.core.fen import START_FEN
from cotuong.core.types import Move
from cotuong.engine.interface import EnginePlayer, Info, Limits
from cotuong.uci.errors import UciCommandError
from cotuong.uci.protocol import (
    format_info,
    parse_go,
    parse_position,
    parse_setoption,
)
from cotuong.uci.server.options import accept_option, option_lines
from cotuong.uci.server.safety import fallback_move, hard_cap_ms

# How long ``stop`` waits for the engine before answering from what it has.
STOP_GRACE_S = 0.08


class UciServer:
    """A UCI/UCCI server around ``engine``, writing each output line with ``write``.

    :meth:`handle` takes one command line (from the reading thread) and returns
    ``False`` after ``quit``; :meth:`run` loops over an input stream.
    """

    def __init__(self, engine: EnginePlayer, write: Callable[[str], None], *,
                 name: str = "cotuong", author: str = "the cotuong authors",
                 stop_grace_s: float = STOP_GRACE_S, warm_up: bool = True) -> None:
        self.engine = engine
        self._write_raw = write
        self.name = name
        self.author = author
        self.stop_grace_s = stop_grace_s
        self.ucci = False
        self.millisec = False
        self._out_lock = threading.Lock()
        self._start_fen = START_FEN
        self._moves: tuple[str, ...] = ()
        self._board = Board()
        self._bans: frozenset[str] = frozenset()
        self._allowed: frozenset[str] = frozenset()  # the root moves of the current search
        self._thread: threading.Thread | None = None
        self._token = 0  # identifies the current ``go``; stale threads stay silent
        self._answered = True
        self._stopping = threading.Event()
        self._timer: threading.Timer | None = None
        self._last_pv: tuple[str, ...] = ()
        self._last_info: Info | None = None  # the last info line written
        self._infinite = False
        # The first ``isready`` runs a tiny search so that one-time costs (the built-in
        # engine compiles its search on first use) are paid before ``readyok``.
        self._cold = warm_up

    # ------------------------------------------------------------ output
    def _write(self, line: str) -> None:
        with self._out_lock:
            self._write_raw(line)

    def error(self, message: str) -> None:
        self._write(f"info string error: {message}")

    @property
    def searching(self) -> bool:
        return not self._answered

    # ------------------------------------------------------------- input
    def run(self, lines: Iterable[str]) -> None:
        """Serve until ``quit`` or the end of input; then stop any search."""
        for line in lines:
            if not self.handle(line):
                return
        self._stop_search()
        self.wait(1.0)

    def handle(self, line: str) -> bool:
        """Follow one command; ``False`` means ``quit``."""
        tokens = line.split()
        if not tokens:
            return True
        cmd, args = tokens[0], tokens[1:]
        try:
            if cmd == "quit":
                self._stop_search()
                self.wait(1.0)
                if self.ucci:
                    self._write("bye")
                return False
            handler = self._handlers().get(cmd)
            if handler is None:
                raise UciCommandError(f"unknown command {cmd!r}")
            handler(args)
        except CotuongError as exc:
            self.error(str(exc))
        except Exception as exc:  # an engine bug (say in set_option) must not end the session
            self.error(f"{type(exc).__name__}: {exc}")
        return True

    def _handlers(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "uci": self._cmd_uci, "ucci": self._cmd_ucci, "isready": self._cmd_isready,
            "ucinewgame": self._cmd_newgame, "setoption": self._cmd_setoption,
            "position": self._cmd_position, "banmoves": self._cmd_banmoves,
            "go": self._cmd_go, "stop": self._cmd_stop, "ponderhit": self._cmd_stop,
        }

    def _cmd_uci(self, _args: list[str]) -> None:
        self._hello(ucci=False)

    def _cmd_ucci(self, _args: list[str]) -> None:
        self._hello(ucci=True)

    def _hello(self, *, ucci: bool) -> None:
        self.ucci = ucci
        self._write(f"id name {self.name}")
        self._write(f"id author {self.author}")
        for line in option_lines(ucci=ucci):
            self._write(line)
        self._write("ucciok" if ucci else "uciok")

    def _cmd_isready(self, _args: list[str]) -> None:
        if self._cold and not self.searching:
            self._cold = False
            try:
                self.engine.search(START_FEN, (), Limits(depth=1))
            except Exception as exc:  # reported; the real search will tell more
                self.error(f"the engine failed to warm up: {type(exc).__name__}: {exc}")
        self._write("readyok")

    def _refuse_while_searching(self, what: str) -> None:
        """Commands that change the position wait for a bounded search to end (a
        script may pipe ``go depth 5`` and the next ``position`` at once); during an
        infinite search they are refused."""
        if self.searching and not self._infinite:
            self.wait(None)
        if self.searching:
            raise UciCommandError(f"'{what}' while searching; send 'stop' first")

    def _cmd_newgame(self, _args: list[str]) -> None:
        self._refuse_while_searching("ucinewgame")
        self.engine.new_game()

    def _cmd_setoption(self, args: list[str]) -> None:
        self._refuse_while_searching("setoption")
        name, value = parse_setoption(args)
        if name.lower() == "usemillisec":
            if value.lower() not in ("true", "false"):
                raise UciCommandError(f"usemillisec must be true or false, not {value!r}")
            self.millisec = value.lower() == "true"
            return
        self.engine.set_option(*accept_option(name, value))

    def _cmd_position(self, args: list[str]) -> None:
        self._refuse_while_searching("position")
        fen, moves = parse_position(args)
        board = Board(fen)  # InvalidFenError / IllegalSetupError say what is wrong
        for i, text in enumerate(moves, 1):
            move = Move.from_iccs(text)
            reason = board.illegal_reason(move)
            if reason is not None:
                raise UciCommandError(f"move {i} ({text}) is illegal: {reason.en}")
            board.push_unchecked(move)
        self._start_fen, self._moves, self._board = board.start_fen, tuple(moves), board
        self._bans = frozenset()

    def _cmd_banmoves(self, args: list[str]) -> None:
        self._refuse_while_searching("banmoves")
        bans = frozenset(Move.from_iccs(text).iccs for text in args)
        self._bans = bans

    def _cmd_go(self, args: list[str]) -> None:
        limits = parse_go(args, self._board.turn, ucci=self.ucci, millisec=self.millisec)
        self._refuse_while_searching("go")
        board = self._board
        self._finish_stale_search()
        wanted = set(limits.searchmoves)
        allowed = sorted(m.iccs for m in board.legal_moves
                         if m.iccs not in self._bans and (not wanted or m.iccs in wanted))
        if not allowed:
            self._write("nobestmove" if self.ucci else "bestmove (none)")
            return
        if len(allowed) < len(board.legal_moves):  # banmoves or searchmoves
            limits = dataclasses.replace(limits, searchmoves=tuple(allowed))
        self._allowed = frozenset(allowed)
        self._token += 1
        self._answered = False
        self._stopping.clear()
        self._infinite = limits.infinite
        self._last_pv = ()
        self._last_info = None
        token = self._token
        self._thread = threading.Thread(
            target=self._search, name="cotuong-uci-search", daemon=True,
            args=(token, self._start_fen, self._moves, limits, allowed))
        self._thread.start()
        cap = hard_cap_ms(limits, board.turn)
        if cap is not None:
            self._timer = threading.Timer(cap / 1000, self._overrun, args=(token,))
            self._timer.daemon = True
            self._timer.start()

    def _cmd_stop(self, _args: list[str]) -> None:
        self._stop_search()

    # ------------------------------------------------------------ search
    def _stop_search(self) -> None:
        if not self.searching:
            return
        token = self._token
        self._stopping.set()
        thread = self._thread
        deadline = time.monotonic() + self.stop_grace_s
        # Repeat 'stop': one sent before the engine's search began may be forgotten
        # when the search starts (engines clear their stop flag on entry).
        while thread is not None and thread.is_alive():
            self.engine.stop()
            left = deadline - time.monotonic()
            if left <= 0:
                break
            thread.join(min(0.02, left))
        self._answer(token, None, None, "the engine did not return in time after 'stop'")

    def _overrun(self, token: int) -> None:
        """The time budget is spent: stop the engine, and answer if it still hangs."""
        if token != self._token or self._answered:
            return
        self._stopping.set()
        self.engine.stop()
        thread = self._thread
        if thread is not None:
            thread.join(max(self.stop_grace_s, 0.2))
        self._answer(token, None, None, "the engine overran its time; answering for it")

    def _finish_stale_search(self) -> None:
        """A search answered for the engine (after ``stop``) may still be running:
        keep asking it to stop (a stop sent before it began may have been missed)."""
        thread = self._thread
        while thread is not None and thread.is_alive():
            self.engine.stop()
            thread.join(0.05)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the search thread to end (tests, ``quit``)."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def _on_info(self, token: int, info: Info) -> None:
        with self._out_lock:
            if token != self._token or self._answered:
                return
            if info.pv and (info.multipv or 1) == 1:  # a fallback plays the best line
                self._last_pv = info.pv
            self._last_info = info
            self._write_raw(format_info(info, "ucci" if self.ucci else "uci"))

    def _search(self, token: int, fen: str, moves: tuple[str, ...], limits: Limits,
                allowed: list[str]) -> None:
        best: str | None = None
        ponder: str | None = None
        try:
            if len(allowed) == 1:
                best = allowed[0]  # a forced move needs no search
            else:
                result = self.engine.search(fen, moves, limits,
                                            lambda info: self._on_info(token, info))
                best, ponder = result.bestmove, result.ponder
                if result.info is not None and result.info.pv and result.info != self._last_info:
                    # The whole search's nodes and time (an unfinished last depth too), as
                    # GUIs and match tools read the last info before bestmove.
                    self._on_info(token, result.info)
        except Exception as exc:  # the engine's bug must not cost us the answer
            self._write(f"info string error: the engine failed: {type(exc).__name__}: {exc}")
        self._answer(token, best, ponder, None)

    def _answer(self, token: int, best: str | None, ponder: str | None,
                why_fallback: str | None) -> None:
        """Send the one ``bestmove`` of search ``token``: ``best`` if legal, else a
        legal fallback (the last PV's first move, or the first allowed move)."""
        with self._out_lock:
            if token != self._token or self._answered:
                return
            if self._timer is not None:
                self._timer.cancel()
            board = self._board
            allowed = self._allowed
            lines = []
            if best is None or best not in allowed:
                if best is not None:
                    lines.append(f"info string error: the engine chose {best}, which is not "
                                 "allowed here; playing a legal move instead")
                elif why_fallback:
                    lines.append(f"info string {why_fallback}")
                pv_move = self._last_pv[0] if self._last_pv else None
                best = pv_move if pv_move in allowed else fallback_move(board, allowed)
                ponder = None
            if ponder is not None:
                after = board.copy()
                after.push_unchecked(Move.from_iccs(best))
                with contextlib.suppress(CotuongError):
                    if not after.is_legal(Move.from_iccs(ponder)):
                        ponder = None
            lines.append(f"bestmove {best}" + (f" ponder {ponder}" if ponder else ""))
            self._answered = True
            for line in lines:
                self._write_raw(line)


def serve(engine: EnginePlayer, lines: Iterable[str], write: Callable[[str], None], *,
          name: str = "cotuong", author: str = "the cotuong authors") -> None:
    """Run a :class:`UciServer` over ``lines``, then close the engine."""
    server = UciServer(engine, write, name=name, author=author)
    try:
        server.run(lines)
    finally:
        engine.close()
