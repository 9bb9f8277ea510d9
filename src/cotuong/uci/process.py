"""One engine process on asyncio, whatever it speaks: started with pipes, its output
read line by line (the last error lines kept for messages), written to, and always
shut down (``quit``, then terminate, then kill). :class:`~cotuong.uci.aio.AsyncEngine`
speaks UCI/UCCI over it.

>>> split_command("pikafish --threads 1")
['pikafish', '--threads', '1']
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import shlex
from collections.abc import Callable, Sequence

from cotuong.uci.errors import (
    EngineError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
)

# How long one wait for output lasts before deadlines (and stop requests) are re-read.
_POLL_S = 0.05


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line as an argument list (a string is split like a shell would).

    >>> split_command("pikafish --threads 1")
    ['pikafish', '--threads', '1']
    """
    try:
        args = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
        raise EngineStartError(f"cannot read the engine command {command!r}: "
                               f"{str(exc).lower()}") from None
    if not args:
        raise EngineStartError("empty engine command")
    return args


class EngineProcess:
    """An engine process's pipes: :meth:`send` a line, ``_next_line`` reads one.

    ``quit_timeout`` is how long each step of :meth:`quit` waits for the process to end.
    """

    def __init__(self, command: str | Sequence[str], *, quit_timeout: float = 1.0,
                 cwd: str | None = None) -> None:
        self.command = split_command(command)
        self.quit_timeout = quit_timeout
        self.cwd = cwd
        self._proc: asyncio.subprocess.Process | None = None
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.returncode is None

    def _what(self) -> str:
        return f"engine {self.command[0]!r}"

    async def _spawn(self) -> None:
        """Start the process and the readers of its output."""
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                cwd=self.cwd,
                limit=1 << 20,  # long PV/info lines must not break the reader
            )
        except OSError as exc:
            raise EngineStartError(f"cannot start {self._what()}: {exc}") from exc
        self._tasks = [
            asyncio.ensure_future(self._pump_stdout()),
            asyncio.ensure_future(self._pump_stderr()),
        ]

    async def _pump_stdout(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        try:
            while True:
                raw = await self._proc.stdout.readline()
                if not raw:
                    break
                self._lines.put_nowait(raw.decode("utf-8", "replace").strip())
        finally:
            self._lines.put_nowait(None)  # end of output: the process is gone

    async def _pump_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        while True:
            raw = await self._proc.stderr.readline()
            if not raw:
                return
            self._stderr.append(raw.decode("utf-8", "replace").rstrip())

    async def send(self, line: str) -> None:
        """Write one command line to the engine."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.returncode is not None:
            raise EngineTerminatedError(f"{self._what()} is not running (cannot send {line!r})")
        try:
            proc.stdin.write((line + "\n").encode())
            await proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise EngineTerminatedError(
                f"{self._what()} closed its input (sending {line!r}){self._stderr_note()}"
            ) from exc

    def _stderr_note(self) -> str:
        return f"; its last error output: {' | '.join(self._stderr)}" if self._stderr else ""

    async def _next_line(self, deadline: Callable[[], float | None], waiting_for: str) -> str:
        """The next output line, or an error when the process ends or the deadline passes."""
        loop = asyncio.get_running_loop()
        while True:
            limit = deadline()
            wait = _POLL_S if limit is None else min(_POLL_S, limit - loop.time())
            if wait <= 0:
                raise EngineTimeoutError(f"{self._what()} gave no {waiting_for} in time")
            try:
                line = await asyncio.wait_for(self._lines.get(), wait)
            except asyncio.TimeoutError:
                continue
            if line is None:
                self._lines.put_nowait(None)  # later readers must see the end too
                code = await self._exit_code()
                raise EngineTerminatedError(
                    f"{self._what()} exited (code {code}) while we waited for "
                    f"{waiting_for}{self._stderr_note()}"
                )
            return line

    async def _exit_code(self) -> int | None:
        if self._proc is None:
            return None
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._proc.wait(), 1.0)
        return self._proc.returncode

    def _deadline_in(self, seconds: float) -> Callable[[], float]:
        at = asyncio.get_running_loop().time() + seconds
        return lambda: at

    async def quit(self) -> None:
        """Stop the process for sure: ``quit``, then terminate, then kill."""
        proc = self._proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(EngineError, RuntimeError):
                await self.send("quit")
            for escalate in (None, proc.terminate, proc.kill):
                if escalate is not None:
                    with contextlib.suppress(ProcessLookupError):
                        escalate()
                try:
                    await asyncio.wait_for(proc.wait(), self.quit_timeout)
                    break
                except asyncio.TimeoutError:
                    continue
            else:
                await proc.wait()  # after SIGKILL this cannot take long
        if proc is not None and proc.stdin is not None:
            proc.stdin.close()
        for task in self._tasks:
            if not task.done():
                task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
