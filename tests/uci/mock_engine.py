"""A scripted UCI/UCCI engine for the client tests; it can be told to misbehave.

Run as ``python mock_engine.py [--protocol uci|ucci] [--rank-base 0|1] [--mode M]
[--log FILE]``. It plays random legal moves (cotuong's own rules), reports three
``info`` lines per search, honours ``stop`` during ``go infinite`` and logs every
command it receives to ``--log``; it honours ``banmoves`` and ``go … searchmoves``
(the last parameter of its ``go``). Modes: ``normal``, ``crash-on-go``, ``hang-on-go``,
``hang-handshake``, ``garbage-bestmove``, ``illegal-bestmove``, ``none-bestmove``,
``info-garbage``, ``ignore-quit`` (ignores ``quit`` and SIGTERM), ``ignore-stop``,
``exit-at-start``, ``late-first-bestmove`` (the first search answers after
``--delay`` s, default 0.8, whatever happens), ``slow`` (every timed search — ``go
movetime`` — takes ``--delay`` s unless stopped, like an engine thinking). ``--pidfile``
records the process id (tests check it is gone).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading
import time

from cotuong import Board, Move


def out(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def wire(iccs: str, base: int) -> str:
    return f"{iccs[0]}{int(iccs[1]) + base}{iccs[2]}{int(iccs[3]) + base}"


def _unwire(text: str, base: int) -> str:
    # a3a4 / a9a10: split at the second letter
    second = next(i for i in range(1, len(text)) if text[i].isalpha())
    return f"{text[0]}{int(text[1:second]) - base}{text[second]}{int(text[second + 1:]) - base}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--protocol", default="uci")
    ap.add_argument("--rank-base", type=int, default=0)
    ap.add_argument("--mode", default="normal")
    ap.add_argument("--log", default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pidfile", default=None)
    ap.add_argument("--delay", type=float, default=0.8)
    args = ap.parse_args()
    if args.pidfile:
        with open(args.pidfile, "w", encoding="utf-8") as f:
            f.write(str(os.getpid()))
    mode, base, ucci = args.mode, args.rank_base, args.protocol == "ucci"
    rng = random.Random(args.seed)
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    if mode == "exit-at-start":
        return 3
    if mode == "ignore-quit":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    board = Board()
    stop = threading.Event()
    worker: threading.Thread | None = None

    searches = [0]
    banned: set[str] = set()

    def search(infinite: bool, movetime: int, only: set[str]) -> None:
        searches[0] += 1
        legal = [m.iccs for m in board.legal_moves
                 if m.iccs not in banned and (not only or m.iccs in only)]
        if mode == "late-first-bestmove" and searches[0] == 1:
            time.sleep(args.delay)  # ignores 'stop', then answers anyway (a stale answer)
        if mode == "slow" and movetime:
            stop.wait(args.delay)
        for depth in (1, 2, 3):
            if mode == "info-garbage":
                out(f"info depth {depth} score cp lots nodes ?? pv zz99")
            score = f"score {depth * 7}" if ucci else f"score cp {depth * 7}"
            pv = wire(legal[0], base) if legal else ""
            out(f"info depth {depth} {score} nodes {depth * 100} time {depth} pv {pv}".strip())
        if infinite or mode == "ignore-stop":
            while not stop.wait(0.01):
                pass
            if mode == "ignore-stop":
                return
        elif movetime:
            stop.wait(min(movetime, 100) / 1000)
        if not legal or mode == "none-bestmove":
            out("nobestmove" if ucci else "bestmove (none)")
        elif mode == "garbage-bestmove":
            out("bestmove xyzzy")
        elif mode == "illegal-bestmove":
            illegal = next(f"{a}{b}" for a in ("a0", "e4") for b in ("a9", "e5")
                           if f"{a}{b}" not in legal)
            out(f"bestmove {wire(illegal, base)}")
        else:
            out(f"bestmove {wire(rng.choice(legal), base)}")

    for raw in sys.stdin:
        line = raw.strip()
        if log:
            log.write(line + "\n")
            log.flush()
        tokens = line.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd in ("uci", "ucci"):
            if mode == "hang-handshake":
                continue
            out("id name MockEngine 1.0")
            out("id author cotuong tests")
            if ucci:
                out("option usemillisec type check default false")
                out("option hashsize type spin default 16 min 0 max 1024")
            else:
                out("option name Hash type spin default 16 min 1 max 1024")
                out("option name Clear Hash type button")
            out("ucciok" if ucci else "uciok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "banmoves":
            banned = {_unwire(text, base) for text in tokens[1:]}
        elif cmd == "position":
            banned = set()
            board = Board(None if tokens[1] == "startpos" else
                          " ".join(tokens[2:tokens.index("moves")] if "moves" in tokens
                                   else tokens[2:]))
            if "moves" in tokens:
                for text in tokens[tokens.index("moves") + 1:]:
                    board.push(Move.from_iccs(_unwire(text, base)))
        elif cmd == "go":
            if mode == "crash-on-go":
                sys.stderr.write("mock engine: segmentation fault (simulated)\n")
                sys.stderr.flush()
                return 139 - 128
            if mode == "hang-on-go":
                continue
            infinite = "infinite" in tokens
            movetime = int(tokens[tokens.index("movetime") + 1]) if "movetime" in tokens else 0
            only = ({_unwire(text, base) for text in tokens[tokens.index("searchmoves") + 1:]}
                    if "searchmoves" in tokens else set())
            stop.clear()
            worker = threading.Thread(target=search, args=(infinite, movetime, only),
                                      daemon=True)
            worker.start()
        elif cmd == "stop":
            stop.set()
        elif cmd == "quit":
            if mode == "ignore-quit":
                continue
            stop.set()
            if worker is not None:
                worker.join(1)
            if ucci:
                out("bye")
            return 0
    if worker is not None:
        worker.join(1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
