"""A live analysis asked to stop in the instant between its worker marking it running
and taking it as its current job: ``stop_live`` finds no worker doing it, so the worker
must pass the stop on itself, or the search runs to its cap."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import queue
from typing import Any

from cotuong import START_FEN
from cotuong.server.workers.live import LiveJob
from cotuong.server.workers.process import NO_JOB, Task, Worker


class FakePool:
    """The pool side a worker's thread needs, without processes."""

    def __init__(self) -> None:
        self.ctx = multiprocessing.get_context("spawn")
        self.spec: str | None = None
        self.nice = 0
        self.closing = False
        self.tasks: queue.PriorityQueue[Task] = queue.PriorityQueue()

    def _failed(self, error: str) -> None:
        raise AssertionError(error)

    def _worker_ready(self) -> None:
        pass


def test_a_stop_that_came_before_the_worker_took_the_job_reaches_the_process() -> None:
    pool = FakePool()
    worker = Worker(pool, 0, warm=False)
    seen: dict[str, Any] = {}

    def do(task: Task) -> str:  # stands for the pipe: what the process would see
        seen["stop_seq"] = worker.stop_seq.value
        return "lines"

    worker._do = do  # type: ignore[method-assign]
    task = Task(1, 42, LiveJob(START_FEN, ()), concurrent.futures.Future())
    # The race: the pool asked it to stop (task.stopping) after the future was marked
    # running (cancel() failed) but before the worker made it current.
    assert task.future.set_running_or_notify_cancel()
    task.started = True
    task.stopping = True
    assert not worker.stop_live(task)  # no worker is doing it yet: the stop finds none
    pool.tasks.put(task)
    pool.tasks.put(Task(2, 43, None, concurrent.futures.Future()))  # then the stop token
    assert worker._feed() is False
    assert task.future.result() == "lines"
    assert seen["stop_seq"] == 42 != NO_JOB


def test_a_job_not_asked_to_stop_runs_unstopped() -> None:
    pool = FakePool()
    worker = Worker(pool, 0, warm=False)
    seen: dict[str, Any] = {}

    def do(task: Task) -> str:
        seen["stop_seq"] = worker.stop_seq.value
        return "lines"

    worker._do = do  # type: ignore[method-assign]
    pool.tasks.put(Task(1, 7, LiveJob(START_FEN, ()), concurrent.futures.Future()))
    pool.tasks.put(Task(2, 8, None, concurrent.futures.Future()))
    assert worker._feed() is False
    assert seen["stop_seq"] == NO_JOB
