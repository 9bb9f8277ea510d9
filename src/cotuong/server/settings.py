"""Server settings (a frozen value) and the clock source the server reads time from.

>>> s = Settings(db="sqlite://", abandon_after_s=30)
>>> s.abandon_after_ms
30000
>>> FakeClock(5).now_ms()
5
"""

from __future__ import annotations

import os
import time
from dataclasses import MISSING, dataclass, fields
from typing import Protocol

from cotuong.core.errors import CotuongError


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything configurable. ``db`` is a SQLAlchemy URL or a SQLite file path;
    ``secret_key`` signs cookies and seat secrets (``None``: a random key kept in the
    database, so secrets survive a restart); ``redis_url`` shares rooms between processes."""

    db: str | None = None
    secret_key: bytes | None = None
    redis_url: str | None = None
    public_url: str | None = None
    lang: str = "vi"
    abandon_after_s: float = 120.0
    heartbeat_s: float = 1.0
    max_message_bytes: int = 4096
    max_body_bytes: int = 16 * 1024
    # A socket's frames are read at most ``ws_rate`` a second (burst ``ws_burst``); a
    # room's spectators (and any socket before its ``hello``) at ``spectator_ws_rate``
    # (burst ``spectator_ws_burst``). Past its rate a socket is not refused: the server
    # stops reading it until the rate allows the next frame (docs/server.md, "Security").
    ws_rate: float = 20.0
    ws_burst: int = 40
    spectator_ws_rate: float = 1.0
    spectator_ws_burst: int = 10
    ws_max_violations: int = 50
    # Keep-alive: a socket the server has not heard a frame from for ``ws_ping_interval_s``
    # gets a WebSocket ping, and is closed (1011) when its pong is not back within
    # ``ws_ping_timeout_s`` (0: no pings). Browsers send a ``ping`` frame every 25 s, so
    # their sockets are not pinged at all (docs/server.md, "Keep-alive").
    ws_ping_interval_s: float = 30.0
    ws_ping_timeout_s: float = 20.0
    http_rate: float = 20.0
    http_burst: int = 60
    login_rate: float = 0.2
    login_burst: int = 10
    engine_workers: int = 1
    engine_spec: str | None = None  # "cmd:/path/pikafish" replaces the built-in AI
    ai_movetime_ms: int = 1000
    # Warm the engine workers up at start (in the background); off in most tests.
    engine_warmup: bool = True
    # Computer analysis of finished games: time per position, positions per job (AI moves
    # go ahead of analyses between jobs), how many may wait or run per player and in all.
    analysis_movetime_ms: int = 400
    analysis_chunk: int = 8
    analysis_per_user: int = 2
    analysis_queue: int = 20
    # A server renews the lease of the analyses it runs; when it dies, another server
    # adopts them once the lease has run out.
    analysis_lease_s: float = 15.0
    # With REDIS_URL: how long an AI move may wait for a `cotuong worker` to answer.
    job_timeout_s: float = 300.0
    # Commit every batched write on the event loop itself, through SQLAlchemy, on any
    # database (the loop waits for each commit). An option for measurement only.
    inline_writes: bool = False
    # SQLite files: commit the usual writes (moves, game rows, heartbeats) on the event
    # loop when SQLite's write lock is free, else on the database thread (storage.
    # loop_writes); the WAL is then checkpointed (and synced to disk) by the side
    # thread at most every ``sqlite_checkpoint_s`` while commits come in: what an
    # operating-system crash or power cut can lose.
    sqlite_loop_writes: bool = True
    sqlite_checkpoint_s: float = 1.0
    seat_days: int = 30
    secure_cookies: bool = False
    # A room waiting for its second player closes after this long (the host may cancel
    # it sooner); 0 keeps waiting rooms open for ever.
    waiting_room_s: float = 1800.0
    # The lobby: a seek vanishes this long after its creator's last lobby socket closed
    # (or after it was made without one); the lobby frame goes out at most every
    # ``lobby_tick_s`` and shows ``lobby_games`` live games.
    seek_grace_s: float = 20.0
    lobby_tick_s: float = 1.0
    lobby_games: int = 12
    # A lobby socket that applies deltas still gets the whole snapshot this often (each
    # socket at its own time; a client out of step asks sooner, by ``sync``).
    lobby_snapshot_s: float = 300.0
    # All lobby sockets of a process together get at most this many frames a second (the
    # cost is per frame): past 2,000 sockets the lobby's ticks stretch beyond 1 s.
    lobby_frames_s: float = 2000.0
    max_seeks: int = 3
    # Online round robins: a paired player who has not come to their board this long
    # after the round opened loses by forfeit (an event may set its own wait).
    tournament_no_show_s: float = 600.0
    # Identity and headers (docs/server.md, "Security"). HSTS is sent only with
    # ``secure_cookies`` (a deployment behind TLS); 0 sends none.
    hsts_s: int = 365 * 86_400
    # Origins besides the server's own (its Host, ``public_url``) whose pages may open
    # sockets and send state-changing requests.
    allowed_origins: tuple[str, ...] = ()
    # Usernames nobody may register (compared ignoring case).
    reserved_names: tuple[str, ...] = (
        "server", "system", "admin", "administrator", "root", "arbiter", "moderator",
        "cotuong", "support", "official", "guest", "anonymous", "computer", "maychu",
        "quantri")
    # scrypt's cost for new hashes (OWASP: 2**17 with r=8); older hashes are upgraded at
    # the next login.
    password_n: int = 2**17
    # Password hashing (docs/server.md, "Security"): in ``password_workers`` processes of
    # their own, each lowering its priority by ``password_nice`` (19: the CPU the games
    # leave), one hash at a time each (128 MiB at N=2**17); at most ``password_queue``
    # logins wait, none longer than ``password_wait_s``; beyond, ``503 LOGIN_BUSY``.
    password_workers: int = 1
    password_queue: int = 8
    password_wait_s: float = 10.0
    password_nice: int = 19
    # Failed logins per account (besides per address): ``login_user_burst`` then one per
    # ``1 / login_user_rate`` seconds.
    login_user_rate: float = 1 / 30
    login_user_burst: int = 10
    # Who may chat in a tournament board's room besides its two players.
    event_spectator_chat: bool = False
    # Online round robins: an organiser may enter other accounts by name (else only
    # themselves; others join by invitation, i.e. by their own consent); round times at
    # most this far ahead.
    tournament_direct_entry: bool = False
    tournament_max_ahead_s: float = 366 * 86_400
    # The study room's imports of pasted games: the text's size (its request may be this
    # big, above ``max_body_bytes``), imports per person per hour, imports an account keeps.
    import_max_bytes: int = 256 * 1024
    imports_per_hour: int = 60
    imports_kept: int = 500
    # Puzzles (docs/server.md, "Puzzles"): attempts, hints and solutions per person (a
    # token bucket: ``puzzle_rate`` a second, burst ``puzzle_burst``); the rating a guest's
    # next puzzle is chosen near; attempts a history shows; places on the leaderboard.
    puzzle_rate: float = 1.0
    puzzle_burst: int = 30
    puzzle_guest_rating: float = 1500.0
    puzzle_history: int = 100
    puzzle_leaderboard: int = 50
    # Hardening against abuse without an account (docs/server.md, "Security").
    # The AI: no move thinks longer than this, whatever the clock; untimed Thần thinks
    # ``ai_untimed_ms``; each person (identity, and address) has one AI search in flight,
    # and at most ``ai_games_per_person`` unfinished AI games.
    ai_max_movetime_ms: int = 10_000
    ai_untimed_ms: int = 5_000
    ai_games_per_person: int = 3
    # Sockets: at most this many open WebSockets per client address; a chat line per
    # socket at ``chat_rate`` a second (burst ``chat_burst``); a room's state frames
    # caused by people arriving or leaving go out at most every ``state_coalesce_s``.
    max_sockets_per_address: int = 32
    chat_rate: float = 1.0
    chat_burst: int = 5
    # Spectators' chat lines per room, all spectators together (players' are not counted).
    room_chat_rate: float = 2.0
    room_chat_burst: int = 10
    # ``sync`` and a repeated ``hello`` each build a full state for their socket: the
    # page sends neither in normal use, so a few are enough.
    sync_rate: float = 0.5
    sync_burst: int = 3
    state_coalesce_s: float = 0.25
    # HTTP: tournament pages (they replay an event log) per address; per-address
    # analyses; open HTTP connections per address; request headers must arrive within
    # ``header_timeout_s``.
    page_rate: float = 2.0
    page_burst: int = 20
    analysis_per_address: int = 4
    max_seeks_per_address: int = 6
    max_connections_per_address: int = 64
    header_timeout_s: float = 10.0
    # The analysis board's live engine (/ws/analysis; docs/server.md "Security"): a search
    # ends after ``live_max_s`` (or ``live_max_depth``, 0: none); at most ``live_max``
    # searches per process (running or waiting for an engine); one per person and
    # ``live_per_address`` per address (a newer one takes over); ``analyse`` frames at
    # ``live_rate`` a second per address (burst ``live_burst``).
    live_max_s: float = 60.0
    live_max_depth: int = 0
    live_max: int = 50
    live_per_address: int = 1
    live_rate: float = 4.0
    live_burst: int = 20
    # Memory: rooms nobody watches are forgotten (they stay stored) every ``evict_every_s``.
    evict_every_s: float = 60.0

    @property
    def abandon_after_ms(self) -> int:
        return int(self.abandon_after_s * 1000)

    @property
    def waiting_room_ms(self) -> int | None:
        return int(self.waiting_room_s * 1000) if self.waiting_room_s > 0 else None

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Defaults, then ``COTUONG_DB``/``REDIS_URL``/``COTUONG_SECRET`` from the
        environment, then ``overrides`` (those that are not ``None``)."""
        values: dict[str, object] = {}
        if os.environ.get("COTUONG_DB"):
            values["db"] = os.environ["COTUONG_DB"]
        if os.environ.get("REDIS_URL"):
            values["redis_url"] = os.environ["REDIS_URL"]
        if os.environ.get("COTUONG_SECRET"):
            values["secret_key"] = os.environ["COTUONG_SECRET"].encode()
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]


class SettingError(CotuongError):
    """A ``NAME=VALUE`` setting that names no setting or whose value does not fit it."""

    code = "BAD_SETTING"


def setting_from_text(assignment: str) -> tuple[str, object]:
    """``NAME=VALUE`` (``cotuong serve --set``) as a setting's name and typed value, so
    every limit in :class:`Settings` can be set at the command line.

    >>> setting_from_text("login_rate=2")
    ('login_rate', 2.0)
    >>> setting_from_text("allowed_origins=https://a.vn,https://b.vn")
    ('allowed_origins', ('https://a.vn', 'https://b.vn'))
    >>> setting_from_text("secure_cookies=yes")
    ('secure_cookies', True)
    >>> setting_from_text("login_rat=2")
    Traceback (most recent call last):
    ...
    cotuong.server.settings.SettingError: no setting is called 'login_rat'
    """
    name, eq, text = assignment.partition("=")
    name = name.strip().replace("-", "_")
    if not eq or not name:
        raise SettingError(f"a setting is NAME=VALUE, not {assignment!r}")
    field = next((f for f in fields(Settings) if f.name == name), None)
    if field is None:
        raise SettingError(f"no setting is called {name!r}")
    kind = str(field.type)
    default = field.default if field.default is not MISSING else None
    text = text.strip()
    try:
        if kind.endswith("| None") and text.lower() in ("", "none"):
            return name, None
        if kind.startswith("bool"):
            if text.lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                raise ValueError(text)
            return name, text.lower() in ("1", "true", "yes", "on")
        if kind.startswith("int"):
            return name, int(text)
        if kind.startswith("float"):
            return name, float(text)
        if kind.startswith("tuple"):
            return name, tuple(x.strip() for x in text.split(",") if x.strip())
        if kind.startswith("bytes"):
            return name, text.encode()
        if kind.startswith("str") or isinstance(default, str):
            return name, text
    except ValueError:
        raise SettingError(f"{name} takes {kind.split(' |')[0]}, not {text!r}") from None
    raise SettingError(f"{name} ({kind}) cannot be set from the command line")


class ClockSource(Protocol):
    """Where the server reads the time (injected so tests can move time by hand)."""

    def now_ms(self) -> int: ...


class SystemClock:
    """Wall-clock milliseconds since the Unix epoch."""

    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000


class FakeClock:
    """A clock tests set and advance."""

    def __init__(self, start_ms: int = 1_700_000_000_000) -> None:
        self.t = start_ms

    def now_ms(self) -> int:
        return self.t

    def advance(self, ms: int) -> None:
        self.t += ms
