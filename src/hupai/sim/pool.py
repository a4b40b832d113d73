"""``--workers N``: N local worker processes, each handed one task at a time.

Dask's ``LocalCluster`` ran ``--workers`` before: a scheduler, a client and a nanny per
worker in the calling process, with their heartbeats. On a machine whose cores are all
workers, that third process took CPU from the rounds, and it took about 2 s to start.
Here the workers are processes of the standard library (started by a fork server that
has imported hupai once, where the platform has one). Each worker has its own pipe, and
one thread of the calling process waits on them. When a worker is free, the thread
hands it the next task.

A worker that dies (killed, out of memory) costs only the task it was running. A new
process takes its place and runs that task again, first in line. A task whose worker
dies :data:`ATTEMPTS` times fails with :class:`WorkerLost` instead of killing workers
forever. The other workers go on undisturbed."""
from __future__ import annotations

import collections
import multiprocessing
import signal
import threading
from concurrent.futures import Future
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Deque, Optional

__all__ = ["LocalWorkers", "WorkerLost", "ATTEMPTS"]

#: How many times a task is started before the deaths of its workers fail it.
ATTEMPTS = 3


class WorkerLost(OSError):
    """A task's worker process died every time the task was started."""


class _Task:
    __slots__ = ("future", "fn", "args", "started", "attempts")

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.future: Future[Any] = Future()
        self.fn, self.args = fn, args
        self.started = False        # its future is running (it cannot be cancelled any more)
        self.attempts = 0           # times it was sent to a worker


class _Worker:
    """One worker process, its end of the pipe, and the task it is running."""

    __slots__ = ("process", "conn", "task")

    def __init__(self, context: Any) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process = context.Process(target=_serve, args=(child,), daemon=True, name="hupai-worker")
        self.process.start()
        child.close()
        self.task: Optional[_Task] = None


def _serve(conn: Connection) -> None:
    """A worker's life: run each task it is sent, send back its value or its exception,
    until it is sent None.  Ctrl-C is the calling process's to handle: it closes the
    workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            message = conn.recv()
        except EOFError:           # the calling process is gone
            return
        if message is None:
            return
        fn, args = message
        try:
            reply = (True, fn(*args))
        except BaseException as e:  # the task's own failure, passed on to its caller
            reply = (False, e)
        try:
            conn.send(reply)
        except Exception as e:     # an exception that does not pickle: its text
            conn.send((False, RuntimeError(f"{type(e).__name__} in a worker: {e}")))


def _context() -> Any:
    """The fork server where the platform has one, with hupai imported in it before it
    forks the workers (each starts ready to play); else ``spawn``."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["hupai.sim.run"])
        return context
    return multiprocessing.get_context("spawn")


class LocalWorkers:
    """``workers`` local processes.  ``submit(fn, *args)`` returns a
    :class:`concurrent.futures.Future` of ``fn(*args)`` run in one of them (``fn`` and
    its arguments must pickle).  Tasks start in the order they are submitted, each on
    whichever worker is free.  :meth:`close` (or the end of a ``with`` block) stops the
    workers and cancels the tasks not yet done.

    :attr:`lost` counts the workers that died, :attr:`repeated` the tasks run again
    because of it."""

    def __init__(self, workers: int) -> None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers is 1 or more, not {workers!r}")
        self._context = _context()
        self._queue: Deque[_Task] = collections.deque()
        self._lock = threading.Lock()
        self._closing = False
        self.lost = 0
        self.repeated = 0
        self._wake_recv, self._wake_send = multiprocessing.Pipe(duplex=False)
        self._workers = [_Worker(self._context) for _ in range(workers)]
        self._thread = threading.Thread(target=self._dispatch, name="hupai-workers", daemon=True)
        self._thread.start()

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers now."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(self, fn: Callable[..., Any], *args: Any) -> "Future[Any]":
        task = _Task(fn, args)
        with self._lock:
            if self._closing:
                raise RuntimeError("these workers are closed")
            self._queue.append(task)
        self._wake_send.send_bytes(b"")
        return task.future

    def close(self) -> None:
        """Stop the workers and cancel the tasks not done (a task still running fails
        with RuntimeError)."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
        self._wake_send.send_bytes(b"")
        self._thread.join()
        for w in self._workers:
            w.process.join(timeout=5)
            if w.process.is_alive():
                w.process.kill()
                w.process.join()
            w.conn.close()
        self._wake_recv.close()
        self._wake_send.close()

    def __enter__(self) -> "LocalWorkers":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ------------------------------------------------------------ the dispatching thread

    def _dispatch(self) -> None:
        try:
            while True:
                with self._lock:
                    if self._closing:
                        break
                    self._hand_out()
                busy = [w for w in self._workers if w.task is not None]
                ready = wait([self._wake_recv] + [w.conn for w in busy] + [w.process.sentinel for w in self._workers])
                if self._wake_recv in ready:
                    self._wake_recv.recv_bytes()
                for w in list(self._workers):
                    if w.task is not None and w.conn in ready:
                        self._receive(w)
                    elif w.process.sentinel in ready and not w.process.is_alive():
                        self._replace(w)
        except Exception as e:      # no worker can be started again, say: every caller learns it
            self._fail(e)
            return
        self._stop()

    def _fail(self, error: Exception) -> None:
        """The dispatching thread cannot go on: every task not done fails with ``error``,
        no task is taken any more, and the workers are ended."""
        with self._lock:
            self._closing = True
            waiting = list(self._queue)
            self._queue.clear()
        for task in waiting + [w.task for w in self._workers if w.task is not None]:
            if not task.future.done():
                task.future.set_exception(error)
        for w in self._workers:
            if w.process.is_alive():
                w.process.kill()

    def _hand_out(self) -> None:
        """The next tasks to the free workers, in order (the lock held)."""
        for w in self._workers:
            while w.task is None and self._queue:
                task = self._queue[0]
                if not task.started:
                    if not task.future.set_running_or_notify_cancel():
                        self._queue.popleft()     # cancelled before it started
                        continue
                    task.started = True
                try:
                    w.conn.send((task.fn, task.args))
                except (OSError, ValueError):     # the worker is gone: its sentinel tells
                    break
                except Exception as e:            # the task does not pickle
                    self._queue.popleft()
                    task.future.set_exception(e)
                    continue
                self._queue.popleft()
                task.attempts += 1
                w.task = task

    def _receive(self, w: _Worker) -> None:
        try:
            ok, value = w.conn.recv()
        except (EOFError, OSError):
            self._replace(w)
            return
        task, w.task = w.task, None
        assert task is not None
        if ok:
            task.future.set_result(value)
        else:
            task.future.set_exception(value)

    def _replace(self, w: _Worker) -> None:
        """A worker died: a new one in its place; its task first in line again, or
        failed once its workers died ATTEMPTS times."""
        self.lost += 1
        w.process.join()
        w.conn.close()
        task = w.task
        self._workers[self._workers.index(w)] = _Worker(self._context)
        if task is None:
            return
        if task.attempts >= ATTEMPTS:
            task.future.set_exception(WorkerLost(
                f"a worker process died each of the {task.attempts} times it ran this task "
                f"(exit code {w.process.exitcode})"))
            return
        self.repeated += 1
        with self._lock:
            self._queue.appendleft(task)

    def _stop(self) -> None:
        """Closing: the tasks not started are cancelled, a busy worker is killed (nobody
        waits for its task any more), an idle one told to end."""
        for task in self._queue:
            if task.started:            # started before, waiting to start again
                task.future.set_exception(RuntimeError("the workers were closed before this task was done"))
            else:
                task.future.cancel()
        self._queue.clear()
        for w in self._workers:
            if w.task is not None:
                w.process.kill()
                w.task.future.set_exception(RuntimeError("the workers were closed before this task was done"))
                w.task = None
                continue
            try:
                w.conn.send(None)
            except (OSError, ValueError):   # already gone
                pass
