"""``cotuong serve``: run the web platform with uvicorn until Ctrl-C or SIGTERM.

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers()
>>> register(sub)
>>> p.parse_args(["serve", "--port", "0"]).port
0
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import sys

from cotuong.cli.args import positive_int, positive_seconds
from cotuong.core.errors import CotuongError
from cotuong.messages import Message


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, not {value}")
    return value


def serving_banner(host: str, port: int, database: str) -> str:
    """The line printed once the server accepts connections; ``database`` is the store's
    ``shown_url`` (its password masked: this line lands in logs).

    >>> serving_banner("127.0.0.1", 8000, "sqlite:///games.sqlite3")
    'cotuong: serving on http://127.0.0.1:8000/ (database sqlite:///games.sqlite3); Ctrl-C stops'
    """
    return f"cotuong: serving on http://{host}:{port}/ (database {database}); Ctrl-C stops"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that others on its networks can reach: the host
    name's, and the one the system would send from (a UDP socket is connected, which
    sends nothing)."""
    found: set[str] = set()
    with contextlib.suppress(OSError):
        found |= {str(i[4][0]) for i in socket.getaddrinfo(socket.gethostname(), None,
                                                           socket.AF_INET)}
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET,
                                                         socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            found.add(str(s.getsockname()[0]))
    return sorted(a for a in found if not a.startswith(("127.", "0.", "169.254.")))


def friend_lines(host: str, port: int, addresses: list[str], public_url: str | None,
                 lang: str) -> list[str]:
    """What ``cotuong serve`` says about the addresses friends can use.

    >>> friend_lines("0.0.0.0", 8000, ["192.168.1.5"], None, "en")
    ['friends on your network open: http://192.168.1.5:8000/']
    >>> friend_lines("127.0.0.1", 8000, ["192.168.1.5"], None, "vi")[0].startswith(
    ...     "Chỉ máy này vào được (127.0.0.1)")
    True
    >>> friend_lines("0.0.0.0", 80, [], "https://co.example", "en")
    ['invite links use https://co.example']
    """
    if public_url:
        return [Message.of("SERVE_PUBLIC", url=public_url).text(lang)]
    if host in ("localhost", "::1") or host.startswith("127."):
        return [Message.of("SERVE_LOCAL_ONLY", host=host, port=port).text(lang)]
    if host in ("0.0.0.0", "::", ""):
        if not addresses:
            return [Message.of("SERVE_NO_LAN").text(lang)]
        urls = ", ".join(f"http://{a}:{port}/" for a in addresses)
    else:
        urls = f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
    return [Message.of("SERVE_FRIENDS", urls=urls).text(lang)]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("serve", help="run the web platform (play in the browser)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: friends on your network can join)")
    p.add_argument("--port", type=_port, default=8000, help="port (0: any free port)")
    p.add_argument("--db", default=None,
                   help="SQLite file path, :memory: (nothing kept) or database URL "
                        "(postgresql://...); "
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
    p.add_argument("--secure-cookies", action="store_true", default=None,
                   help="behind TLS (HTTPS): cookies marked Secure, and HSTS sent")
    p.add_argument("--tournament-direct-entry", action="store_true", default=None,
                   help="let organisers enter other accounts by username (default: only "
                        "themselves; others join by invitation)")
    p.add_argument("--no-warmup", dest="warmup", action="store_false",
                   help="do not warm the AI's engines up at start (the first AI move waits)")
    p.add_argument("--analysis-movetime", type=positive_int, default=None, metavar="MS",
                   help="engine time per position of a computer analysis (default 400)")
    p.add_argument("--lang", choices=("vi", "en"), default="vi",
                   help="language of what the command prints (default vi)")
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
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="any setting of docs/server.md (e.g. --set login_rate=1 --set "
                        "live_max=20); the options above win over it")
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    import signal
    from types import FrameType

    import uvicorn

    from cotuong.server.settings import Settings, setting_from_text
    from cotuong.server.web.app import create_app
    from cotuong.server.web.runtime import guarded_h11, tuned_runtime, websocket_options

    named = dict(setting_from_text(x) for x in args.set)
    options = dict(db=args.db, redis_url=args.redis, abandon_after_s=args.abandon_after,
                   waiting_room_s=args.waiting_expiry, tournament_no_show_s=args.no_show_wait,
                   engine_workers=args.engine_workers, engine_spec=args.engine,
                   public_url=args.public_url, engine_warmup=args.warmup,
                   secure_cookies=args.secure_cookies,
                   tournament_direct_entry=args.tournament_direct_entry,
                   analysis_movetime_ms=args.analysis_movetime,
                   ai_max_movetime_ms=args.ai_max_movetime,
                   ai_games_per_person=args.ai_games_per_person,
                   max_sockets_per_address=args.max_sockets_per_address,
                   max_connections_per_address=args.max_connections_per_address,
                   header_timeout_s=args.header_timeout)
    # The named options win over --set, and --set over the environment.
    settings = Settings.from_env(**{**named, **{k: v for k, v in options.items()
                                                 if v is not None}})
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
    banner = serving_banner(shown, port, app.state.service.database.store.shown_url)
    friends = friend_lines(str(host), port, lan_addresses() if host in ("0.0.0.0", "::")
                           else [], settings.public_url, args.lang)
    banner = "\n".join([banner, *(f"cotuong: {line}" for line in friends)])

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

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            await super().shutdown(sockets)
            # A forced stop (the second Ctrl-C) stops waiting for open connections, but the
            # app still stops its engines and closes its database: uvicorn skips the app's
            # shutdown then, and the lifespan, cancelled at exit, printed a traceback.
            if self.force_exit and not self.lifespan.shutdown_event.is_set():
                await self.lifespan.shutdown()

    # The WebSockets: web/runtime.websocket_options (the protocol, keep-alive, no
    # deflate). Request headers within header_timeout_s, HTTP connections per address
    # capped (docs/server.md, "Security"); headers are at most 16 KiB (uvicorn's default).
    config = uvicorn.Config(app, log_level="warning", lifespan="on",
                            **websocket_options(settings),
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
