"""A caller's thread that changes the input array while a batch call runs must never
make the kernel read out of bounds (review item: ``csrc/hupai.c:33: index 255 out of
bounds`` under the sanitizer build).  The kernel copies each row, validates the copy and
evaluates the copy; a concurrent change gives a ValueError or the answer for some state
of the data.  CI runs this file under AddressSanitizer + UBSan."""
import threading

import numpy as np
import pytest

from hupai import batch

READY = np.array([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=np.uint8)
WIN = READY.copy()
WIN[13] = 1

CALLS = {
    "is_win": (lambda h, j, n: batch.is_win(h, j, threads=n), WIN),
    "shanten": (lambda h, j, n: batch.shanten(h, j, threads=n), READY),
    "shanten_seven_pairs_alone": (lambda h, j, n: batch.shanten(h, j, standard=False, threads=n), READY),
    "waits": (lambda h, j, n: batch.waits(h, j, threads=n), READY),
    "discards": (lambda h, j, n: batch.discards(h, j, threads=n), WIN),
}


def _mutate(arr: np.ndarray, stop: threading.Event, values) -> None:
    """Writes bad and good values into random cells of ``arr`` until told to stop."""
    rng = np.random.default_rng(7)
    flat = arr.reshape(-1)
    while not stop.is_set():
        cells = rng.integers(0, flat.size, 64)
        flat[cells] = rng.choice(values, 64)


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("threads", [1, 2])
def test_a_thread_changing_the_hands_meanwhile_never_crashes(name, threads):
    call, row = CALLS[name]
    hands = np.tile(row, (9000, 1))          # enough rows for two worker threads
    jokers = np.zeros(len(hands), np.uint8)
    stop = threading.Event()
    writer = threading.Thread(target=_mutate, args=(hands, stop, [0, 1, 4, 5, 200, 255]))
    writer.start()
    outcomes = set()
    try:
        for _ in range(30):
            try:
                call(hands, jokers, threads)
                outcomes.add("result")
            except ValueError as exc:
                assert "outside 0-4" in str(exc) or str(exc).startswith("row ")
                outcomes.add("ValueError")
    finally:
        stop.set()
        writer.join()
    assert outcomes          # every call ended with a result or a ValueError


@pytest.mark.parametrize("threads", [1, 2])
def test_a_thread_changing_the_jokers_meanwhile_never_crashes(threads):
    hands = np.tile(READY, (9000, 1))
    jokers = np.zeros(len(hands), np.uint8)
    stop = threading.Event()
    writer = threading.Thread(target=_mutate, args=(jokers, stop, [0, 1, 8, 9, 255]))
    writer.start()
    try:
        for _ in range(30):
            try:
                batch.shanten(hands, jokers, threads=threads)
            except ValueError as exc:
                assert "jokers[" in str(exc) or str(exc).startswith("row ")
    finally:
        stop.set()
        writer.join()


def test_a_row_made_bad_before_the_call_is_named():
    hands = np.tile(READY, (10, 1))
    hands[6, 3] = 255
    with pytest.raises(ValueError, match=r"hands\[6, 3\] = 255 is outside 0-4"):
        batch.shanten(hands)
    jokers = np.zeros(10, np.uint8)
    hands[6, 3] = 1
    jokers[4] = 9
    with pytest.raises(ValueError, match=r"jokers\[4\] = 9 is outside 0-8"):
        batch.shanten(hands, jokers)


def test_the_first_bad_row_is_reported_across_worker_threads():
    hands = np.tile(READY, (20000, 1))
    hands[15000, 0] = 7      # in the second worker's half
    hands[12000, 1] = 6      # the first bad row, also in the second half
    hands[900, 2] = 5        # in the first half: reported
    with pytest.raises(ValueError, match=r"hands\[900, 2\] = 5"):
        batch.shanten(hands, threads=2)
