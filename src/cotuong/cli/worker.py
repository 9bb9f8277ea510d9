"""``cotuong worker``: serve the AI moves and analyses of ``cotuong serve`` processes that
share a Redis queue (``REDIS_URL``), on this machine's engines, until SIGTERM or Ctrl-C.

>>> import argparse
>>> p = argparse.ArgumentParser(); sub = p.add_subparsers()
>>> register(sub)
>>> p.parse_args(["worker", "--processes", "2"]).processes
2
"""

from __future__ import annotations

import argparse
import os
import sys

from cotuong.cli.args import positive_int, positive_seconds
from cotuong.core.errors import CotuongError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("worker", help="do the AI moves and analyses of servers "
                                             "sharing a Redis queue")
    p.add_argument("--redis", default=None, help="the Redis URL (or $REDIS_URL)")
    p.add_argument("--processes", type=positive_int, default=1,
                   help="engine processes, each doing one job at a time (default 1)")
    p.add_argument("--engine", default=None, metavar="SPEC",
                   help="external engine instead of the built-in one, e.g. cmd:pikafish")
    p.add_argument("--lease", type=positive_seconds, default=15.0, metavar="SECONDS",
                   help="a job nobody claimed this long (its worker died) is taken over "
                        "(default 15)")
    p.set_defaults(func=_cmd_worker)


def _cmd_worker(args: argparse.Namespace) -> int:
    import asyncio
    import signal

    from redis.exceptions import ConnectionError as RedisConnectionError

    from cotuong.server.workers.redis_worker import Worker, safe_url

    url = args.redis or os.environ.get("REDIS_URL")
    if not url:
        raise CotuongError("cotuong worker needs a Redis URL: --redis or $REDIS_URL",
                           "NO_REDIS")

    def say(line: str) -> None:
        print(f"cotuong worker: {line}", flush=True)

    worker = Worker(url, args.processes, args.engine, args.lease, say=say)

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()

        def on_signal() -> None:
            if stop.is_set():  # a second Ctrl-C: leave at once, the leases do the rest
                os._exit(130)
            say("stopping…")
            stop.set()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, on_signal)
        await worker.run(stop)

    try:
        asyncio.run(main())
    except (OSError, RedisConnectionError) as exc:  # Redis unreachable
        raise CotuongError(f"cannot reach Redis at {safe_url(url)}: {exc}",
                           "NO_REDIS") from None
    if worker.failed is not None:
        print(f"cotuong worker: error: the engine does not start: {worker.failed}",
              file=sys.stderr)
        return 1
    say(f"stopped ({worker.done} jobs done, {worker.handed_back} handed back)")
    return 0
