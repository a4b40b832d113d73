"""Threads: which single-hand calls release the GIL (as src/hupai/_core.pyi documents),
and single-hand calls and scoring from 8 threads at once on shared read-only inputs
giving the serial results.  Batch calls from 8 threads: tests/unit/test_batch.py."""
import sys
import threading
import time

import numpy as np
import pytest

import hupai
from hupai import _core
from hupai.rules import Hand, Situation, fuzhou, guiyang, luzhou
from together import run_together

WIN14 = hupai.parse("13m5p9s11z2p3s")   # 8 tiles + 6 jokers: many arrangements, a slow call
READY13 = hupai.parse("123m456p789s1112z")


def _frozen(a):
    a = a.copy()
    a.setflags(write=False)
    return a


# single-hand calls that hold the GIL (a few hundred ns: releasing would cost more) and
# those that release it around the kernel
HOLDING = {
    "is_win": lambda: hupai.is_win(WIN14, 6),
    "shanten": lambda: hupai.shanten(WIN14, 6),
    "waits": lambda: hupai.waits(READY13, 0),
    "improving": lambda: hupai.improving(READY13, 0),
    "deficit": lambda: hupai.deficit(WIN14, 6),
    "lan_deficit": lambda: hupai.lan_deficit(READY13),
}
RELEASING = {
    "decompose": lambda: hupai.decompose(WIN14, 6),
    "readings": lambda: hupai.readings(WIN14, 6),
    "reading_summaries": lambda: hupai.reading_summaries(WIN14, 6),
    "discard_table": lambda: _core.discard_table(WIN14, 6),
    "analyze_discards": lambda: hupai.analyze_discards(WIN14, 6),
}


class OtherThread:
    """A thread that counts while it can run.  The switch interval is made so long that
    it runs only when the main thread releases the GIL on its own."""

    def __enter__(self):
        self.count = 0
        self.stop = threading.Event()
        started = threading.Event()

        def run():
            started.set()
            while not self.stop.is_set():
                self.count += 1
                time.sleep(0)      # releases the GIL, then queues for it again

        self.interval = sys.getswitchinterval()
        sys.setswitchinterval(60)
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait()
        time.sleep(0.01)           # let it settle into waiting for the GIL
        return self

    def __exit__(self, *exc):
        self.stop.set()
        sys.setswitchinterval(self.interval)
        self.thread.join()


@pytest.mark.parametrize("name", sorted(HOLDING))
def test_fast_single_hand_calls_hold_the_gil(name):
    call = HOLDING[name]
    with OtherThread() as other:
        before = other.count
        for _ in range(2000):
            call()
        assert other.count == before, f"{name} let another thread run"


@pytest.mark.parametrize("name", sorted(RELEASING))
def test_slow_single_hand_calls_release_the_gil(name):
    call = RELEASING[name]
    with OtherThread() as other:
        before = other.count
        deadline = time.perf_counter() + 10
        while other.count == before and time.perf_counter() < deadline:
            call()      # no bytecode here releases the GIL: only the call can
        assert other.count > before, f"{name} never released the GIL in 10 s of calls"


def _single_hand_work(hands, jokers):
    out = []
    for h, k in zip(hands, jokers):
        total = int(h.sum()) + k
        if total % 3 == 2:
            out.append((hupai.is_win(h, k), hupai.shanten(h, k), len(hupai.decompose(h, k)),
                        len(hupai.readings(h, k)), _core.discard_table(h, k)))
        else:
            out.append((hupai.waits(h, k), hupai.improving(h, k), hupai.shanten(h, k)))
    return out


SCORING = [
    (luzhou, Hand.parse("23m7z456m234p9p", melds=[("peng", "111m")]), Situation(17, True)),
    (luzhou, Hand.parse("1122m3344m5566m7z"), Situation(5, True)),
    (guiyang, Hand.parse("1112345678999m"), Situation(4, False, robbing_kong=True)),
    (fuzhou, Hand.parse("123m456p789s1235z"), Situation(31, True)),
]


def _scoring_work():
    return [(r.value, r.patterns, r.payments) for r in (m.score(h, c) for m, h, c in SCORING)] + \
        [luzhou.exhaust({"A": SCORING[0][1], "B": SCORING[1][1], "C": None, "D": Hand.parse("1359m2468p1479s7z")}
                        ).payments]


def test_eight_threads_of_single_hand_calls_and_scoring_agree_with_serial_calls():
    rng = np.random.default_rng(8)
    hands, jokers = [], []
    for i in range(150):
        k = int(rng.integers(0, 7))
        size = (14 if i % 2 else 13) - k
        h = np.zeros(34, np.uint8)
        np.add.at(h, rng.choice(np.repeat(np.arange(34), 4), size, replace=False), 1)
        hands.append(_frozen(h))
        jokers.append(k)
    serial = (_single_hand_work(hands, jokers), _scoring_work())
    results = run_together(lambda: (_single_hand_work(hands, jokers), _scoring_work()), threads=8, repeat=3)
    assert len(results) == 24
    assert all(r == serial for r in results)
