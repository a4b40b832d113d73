"""``hupai.sim.pool.LocalWorkers``, the processes behind ``hupai simulate --workers N``:
tasks run in other processes, their failures come back as exceptions, a worker that dies
costs only the task it was running, and closing leaves no process behind."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from hupai.sim import Job, play_rounds
from hupai.sim.pool import ATTEMPTS, LocalWorkers, WorkerLost


def test_tasks_run_in_the_worker_processes():
    with LocalWorkers(2) as pool:
        pids = {pool.submit(os.getpid).result() for _ in range(8)}
        assert pids <= set(pool.pids) and os.getpid() not in pids
        assert [f.result() for f in [pool.submit(pow, 3, k) for k in range(10)]] == [3 ** k for k in range(10)]


def test_a_task_that_raises_passes_its_exception_on():
    with LocalWorkers(1) as pool:
        with pytest.raises(ValueError, match="invalid literal"):
            pool.submit(int, "x").result()
        assert pool.submit(int, "7").result() == 7       # the worker lives on
        assert pool.lost == 0


def test_a_worker_killed_mid_run_costs_only_its_chunk():
    """The first chunk back, one worker is killed: a new one plays its chunk again and
    the records are those of an undisturbed run; the other worker is not touched."""
    job = Job("guiyang", {}, 11, ("random",) * 4)
    expected = b"".join(c.lines for c in play_rounds(job, 0, 40))
    got = []
    with LocalWorkers(2) as pool:
        for chunk in play_rounds(job, 0, 40, submit=pool.submit, workers=2, size=4):
            got.append(chunk.lines)
            if len(got) == 1:
                victim, other = pool.pids
                os.kill(victim, signal.SIGKILL)
        assert pool.lost == 1 and pool.repeated <= 1
        assert other in pool.pids and victim not in pool.pids
    assert b"".join(got) == expected


def test_a_task_whose_worker_always_dies_fails_after_its_attempts():
    with LocalWorkers(2) as pool:
        with pytest.raises(WorkerLost, match=f"{ATTEMPTS} times"):
            pool.submit(os._exit, 3).result()
        assert pool.lost == ATTEMPTS and pool.repeated == ATTEMPTS - 1
        assert pool.submit(abs, -2).result() == 2        # the workers were replaced


def test_closing_cancels_what_is_left_and_ends_every_worker():
    pool = LocalWorkers(2)
    processes = [w.process for w in pool._workers]
    running = [pool.submit(time.sleep, 30) for _ in range(2)]
    waiting = pool.submit(abs, -1)
    while not all(f.running() for f in running):
        time.sleep(0.01)
    pool.close()
    assert waiting.cancelled()
    for f in running:
        with pytest.raises(RuntimeError, match="closed"):
            f.result(timeout=5)
    assert not any(p.is_alive() for p in processes)
    with pytest.raises(RuntimeError, match="closed"):
        pool.submit(abs, -1)


@pytest.mark.parametrize("workers", [0, -1, True, 1.5, "2"])
def test_a_number_of_workers_is_a_whole_number_from_1(workers):
    with pytest.raises(ValueError, match="workers is 1 or more"):
        LocalWorkers(workers)


def test_ctrl_c_ends_a_run_on_workers_in_one_line_and_leaves_no_process(tmp_path):
    """Ctrl-C in ``hupai simulate --workers 2``: exit 130 with one line, the records
    written so far in order (the last line may be cut short by the interrupted write:
    ``--resume`` drops it, docs/simulate.md), and no worker or fork server left behind
    (the run's own session holds no process)."""
    records = tmp_path / "run.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "hupai", "simulate", "--region", "fuzhou", "--rounds", "100000", "--workers", "2",
         "--no-progress", "--records", str(records)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        while not (records.exists() and records.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and err == "hupai: interrupted\n"
    *whole, _cut_short = records.read_text(encoding="utf-8").split("\n")
    assert whole and all(json.loads(line)["round"] == i for i, line in enumerate(whole))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    pytest.fail("a process of the interrupted run is still alive")


def test_workers_start_by_spawn_where_there_is_no_fork_server(monkeypatch):
    """On a platform without a fork server (Windows) the workers are spawned: they
    import what a task needs themselves and run it the same."""
    from hupai.sim import pool as pool_module
    monkeypatch.setattr(pool_module.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert pool_module._context().get_start_method() == "spawn"
    job = Job("luzhou", {}, 4, ("random",) * 4)
    with LocalWorkers(2) as pool:
        assert {type(w.process).__name__ for w in pool._workers} == {"SpawnProcess"}
        got = b"".join(c.lines for c in play_rounds(job, 0, 6, submit=pool.submit, workers=2, size=2))
    assert got == b"".join(c.lines for c in play_rounds(job, 0, 6))


def test_a_worker_that_cannot_be_started_again_fails_the_tasks_instead_of_hanging(monkeypatch):
    """When a dead worker's replacement cannot start (no process left to fork, say), the
    tasks waiting on the workers fail with that error; none waits forever."""
    from hupai.sim import pool as pool_module
    with LocalWorkers(1) as pool:
        assert pool.submit(abs, -3).result(timeout=30) == 3

        def no_process(context):
            raise OSError("no process can be started")
        monkeypatch.setattr(pool_module, "_Worker", no_process)
        # the worker busy for a while: both tasks are submitted before it dies
        busy = pool.submit(time.sleep, 0.5)
        doomed = pool.submit(os._exit, 3)
        queued = pool.submit(abs, -4)
        with pytest.raises(OSError, match="no process can be started"):
            doomed.result(timeout=30)
        with pytest.raises(OSError, match="no process can be started"):
            queued.result(timeout=30)
        assert busy.result(timeout=30) is None
        with pytest.raises(RuntimeError, match="closed"):
            pool.submit(abs, -1)


def test_a_task_sent_to_a_worker_that_just_died_goes_to_its_replacement():
    """The send itself fails (the worker died before the dispatcher saw its sentinel):
    the task, already started, stays first in line and runs on the new worker."""
    with LocalWorkers(1) as pool:
        worker = pool._workers[0]
        real_send = worker.conn.send

        def dying_send(message):
            worker.conn.send = real_send
            os.kill(worker.process.pid, signal.SIGKILL)
            worker.process.join()
            raise BrokenPipeError("the worker is gone")
        worker.conn.send = dying_send
        assert pool.submit(abs, -5).result(timeout=30) == 5
        assert pool.lost == 1 and pool.repeated == 0
