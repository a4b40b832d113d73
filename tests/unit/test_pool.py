"""The batch functions' persistent worker pool (csrc/hupai_pool.c): threads started once
and reused, results equal to one thread's, the first invalid row named whichever thread
met it, calls from many threads at once, and a child process after fork()."""
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from hupai import _core, batch
from together import run_together

rng = np.random.default_rng(5)


def _hands(n, size=14):
    out = np.zeros((n, 34), np.uint8)
    for row in out:
        np.add.at(row, rng.choice(136, size, replace=False) // 4, 1)
    return out


BIG14 = _hands(30000)
BIG13 = _hands(30000, 13)
for _a in (BIG14, BIG13):
    _a.setflags(write=False)


def _run(code):
    """``code`` in a fresh interpreter (a pool of its own); its last line of output."""
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_the_pool_starts_its_threads_once_and_keeps_them():
    last = _run("""
        import numpy as np
        from hupai import _core, batch
        hands = np.tile(np.array([3, 3, 3, 3, 2] + [0] * 29, np.uint8), (50000, 1))
        sizes = [_core.pool_threads()]
        batch.shanten(hands[:100], threads=2)          # too few rows to share: no thread
        sizes.append(_core.pool_threads())
        for _ in range(20):
            batch.shanten(hands, threads=2)
        sizes.append(_core.pool_threads())
        batch.is_win(hands, threads=3)
        sizes.append(_core.pool_threads())
        for _ in range(5):
            batch.shanten(hands, threads=2)       # three threads started: two are asked for
        sizes.append(_core.pool_threads())
        print(sizes)
    """)
    assert last == "[0, 0, 1, 2, 2]"


@pytest.mark.parametrize("threads", [2, 3, 4, 8])
def test_threads_give_the_rows_of_one_thread(threads):
    jk = rng.integers(0, 2, len(BIG13)).astype(np.uint8)
    assert np.array_equal(batch.shanten(BIG13, jk, threads=threads), batch.shanten(BIG13, jk))
    assert np.array_equal(batch.is_win(BIG13, 1, threads=threads), batch.is_win(BIG13, 1))
    assert np.array_equal(batch.waits(BIG13, 0, threads=threads), batch.waits(BIG13, 0))
    got, expected = batch.discards(BIG14, 0, threads=threads), batch.discards(BIG14, 0)
    assert all(np.array_equal(a, b) for a, b in zip(got, expected))


@pytest.mark.parametrize("threads", [2, 3, 4])
def test_the_first_invalid_row_is_named_whichever_thread_meets_it(threads):
    """Invalid rows scattered over every chunk: the message names the lowest, as one
    thread reading in order would."""
    for trial in range(8):
        hands = BIG14.copy()
        rows = np.sort(rng.choice(len(hands), 12, replace=False))
        hands[rows, 5] = 9
        with pytest.raises(ValueError, match=rf"hands\[{rows[0]}, 5\] = 9 is outside 0-4"):
            batch.shanten(hands, threads=threads)
        hands[rows[0], 5] = BIG14[rows[0], 5]
        hands[rows[0], 33] += 1 if BIG14[rows[0], 33] < 4 else -1     # now the wrong size
        with pytest.raises(ValueError, match=rf"row {rows[0]}: "):
            batch.shanten(hands, threads=threads)


def test_calls_from_many_threads_at_once_share_the_pool_or_run_alone():
    """Eight Python threads, each asking for two batch threads: one call at a time uses
    the pool, the others run on their own thread; every answer equals the serial one."""
    serial = batch.shanten(BIG14)
    results = run_together(lambda: batch.shanten(BIG14, threads=2), threads=8, repeat=5)
    assert len(results) == 40
    assert all(np.array_equal(r, serial) for r in results)
    assert _core.pool_threads() >= 1


def test_a_child_after_fork_builds_its_own_pool():
    """The parent's pool threads do not exist in a forked child: its first batch call
    with threads starts new ones and the answers are right."""
    last = _run("""
        import os
        import numpy as np
        from hupai import _core, batch
        rng = np.random.default_rng(5)
        hands = np.zeros((40000, 34), np.uint8)
        for row in hands:
            np.add.at(row, rng.choice(136, 14, replace=False) // 4, 1)
        serial = batch.shanten(hands)
        assert np.array_equal(batch.shanten(hands, threads=2), serial)
        pid = os.fork()
        if pid == 0:
            ok = _core.pool_threads() == 0 and np.array_equal(batch.shanten(hands, threads=2), serial)
            ok = ok and _core.pool_threads() == 1
            os._exit(0 if ok else 1)
        _, status = os.waitpid(pid, 0)
        assert np.array_equal(batch.shanten(hands, threads=2), serial)
        print(os.waitstatus_to_exitcode(status), _core.pool_threads())
    """)
    assert last == "0 1"
