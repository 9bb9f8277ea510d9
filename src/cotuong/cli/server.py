"""``cotuong serve``: run the web platform with uvicorn until Ctrl-C or SIGTERM.

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers()
>>> register(sub)
>>> p.parse_args(["serve", "--port", "0"]).port
0
"""

from __future__ import annotations

import argparse
import sys

from cotuong.cli.args import positive_int, positive_seconds
from cotuong.core.errors import CotuongError


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("serve", help="run the web platform (play in the browser)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--port", type=_port, default=8000, help="port (0: any free port)")
    p.add_argument("--db", default=None,
                   help="SQLite file path or database URL (postgresql://...); "
                        "default cotuong.sqlite3 here, or $COTUONG_DB")
    p.add_argument("--redis", default=None,
                   help="Redis URL to share rooms between processes (or $REDIS_URL)")
    p.add_argument("--abandon-after", type=positive_seconds, default=None, metavar="SECONDS",
                   help="a player away this long during a game loses (default 120)")
    p.add_argument("--waiting-expiry", type=positive_seconds, default=None, metavar="SECONDS",
                   help="a room nobody joins closes after this long (default 1800)")
    p.add_argument("--no-show-wait", type=positive_seconds, default=None, metavar="SECONDS",
                   help="a tournament player who has not come this long after the round "
                        "opened loses by forfeit (default 600; an event may set its own)")
    p.add_argument("--engine-workers", type=int, default=None,
                   help="AI worker processes (default 1)")
    p.add_argument("--engine", default=None, metavar="SPEC",
                   help="external engine replacing the built-in AI, e.g. cmd:pikafish")
    p.add_argument("--public-url", default=None, help="base URL used in invite links")
    p.add_argument("--no-warmup", dest="warmup", action="store_false",
                   help="do not warm the AI's engines up at start (the first AI move waits)")
    p.add_argument("--analysis-movetime", type=positive_int, default=None, metavar="MS",
                   help="engine time per position of a computer analysis (default 400)")
    p.add_argument("--ai-max-movetime", type=positive_int, default=None, metavar="MS",
                   help="no AI move thinks longer than this (default 10000)")
    p.add_argument("--ai-games-per-person", type=positive_int, default=None, metavar="N",
                   help="unfinished AI games per person and per address (default 3)")
    p.add_argument("--max-sockets-per-address", type=positive_int, default=None,
                   metavar="N", help="open WebSockets per client address (default 32)")
    p.add_argument("--max-connections-per-address", type=positive_int, default=None,
                   metavar="N", help="open HTTP connections per client address (default 64)")
    p.add_argument("--header-timeout", type=positive_seconds, default=None,
                   metavar="SECONDS", help="request headers must arrive within this "
                                           "(default 10)")
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    import signal
    import socket
    from types import FrameType

    import uvicorn

    from cotuong.server.settings import Settings
    from cotuong.server.web.app import create_app
    from cotuong.server.web.runtime import guarded_h11, tuned_runtime

    settings = Settings.from_env(db=args.db, redis_url=args.redis,
                                 abandon_after_s=args.abandon_after,
                                 waiting_room_s=args.waiting_expiry,
                                 tournament_no_show_s=args.no_show_wait,
                                 engine_workers=args.engine_workers,
                                 engine_spec=args.engine, public_url=args.public_url,
                                 engine_warmup=args.warmup,
                                 analysis_movetime_ms=args.analysis_movetime,
                                 ai_max_movetime_ms=args.ai_max_movetime,
                                 ai_games_per_person=args.ai_games_per_person,
                                 max_sockets_per_address=args.max_sockets_per_address,
                                 max_connections_per_address=args.max_connections_per_address,
                                 header_timeout_s=args.header_timeout)
    app = create_app(settings)
    # Bind first so the printed address is the real one (also with --port 0).
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        raise CotuongError(f"cannot listen on {args.host}:{args.port}: {exc}",
                           "LISTEN_FAILED") from None
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    banner = f"cotuong: serving on http://{shown}:{port}/ (database " \
             f"{app.state.service.database.store.url}); Ctrl-C stops"

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            # Observed here: without claiming SIGTERM again after startup, `kill` ended the
            # process at once (exit 143) instead of shutting down gracefully.
            signal.signal(signal.SIGTERM, self.handle_exit)
            print(banner, flush=True)  # only once the app is up and signals are handled

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # Graceful stop on SIGINT/SIGTERM (a second Ctrl-C forces it). Unlike uvicorn's
            # own handler this does not re-raise the signal afterwards, so the command
            # finishes normally and says so.
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
            self.should_exit = True

    # Frames are a few KiB: per-message deflate would cost more CPU than it saves.
    # Request headers within header_timeout_s, HTTP connections per address capped
    # (docs/server.md, "Security"); headers are at most 16 KiB (uvicorn's default).
    config = uvicorn.Config(app, log_level="warning", ws_max_size=65536, lifespan="on",
                            ws_per_message_deflate=False,
                            timeout_graceful_shutdown=5,
                            http=guarded_h11(settings.header_timeout_s,
                                             settings.max_connections_per_address))
    server = Server(config)
    # uvicorn turns SIGINT/SIGTERM into a graceful shutdown: sockets close, the app's
    # lifespan ends, the engine pool and database are shut down.
    with tuned_runtime():
        server.run(sockets=[sock])
    print("cotuong: server stopped", file=sys.stderr, flush=True)
    return 0
