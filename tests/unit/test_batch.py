import numpy as np
import pytest

import hupai
from hupai import batch


def random_hands(n, size, seed=1):
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), dtype=np.uint8)
    for i in range(n):
        np.add.at(out[i], rng.choice(wall, size, replace=False), 1)
    return out


def test_batch_equals_single_calls_with_mixed_jokers():
    rng = np.random.default_rng(3)
    jokers = rng.integers(0, 5, 400)
    hands = np.zeros((400, 34), np.uint8)
    for i, k in enumerate(jokers):
        hands[i] = random_hands(1, 14 - k, seed=i)[0]
    win = batch.is_win(hands, jokers)
    sh = batch.shanten(hands, jokers)
    assert win.dtype == np.bool_ and sh.dtype == np.int8
    for i in range(400):
        assert win[i] == hupai.is_win(hands[i], int(jokers[i]))
        assert sh[i] == hupai.shanten(hands[i], int(jokers[i]))
    hands13 = random_hands(300, 13, seed=9)
    w = batch.waits(hands13, 0, seven_pairs=False)
    assert w.shape == (300, 34) and w.dtype == np.bool_
    for i in range(300):
        assert list(np.flatnonzero(w[i])) == hupai.waits(hands13[i], seven_pairs=False)


@pytest.mark.parametrize("threads", [2, 3, 8])
def test_threads_give_the_same_results(threads):
    hands = random_hands(1000, 14)
    assert (batch.shanten(hands, threads=threads) == batch.shanten(hands)).all()
    assert (batch.is_win(hands, threads=threads) == batch.is_win(hands)).all()
    h13 = random_hands(500, 13)
    assert (batch.waits(h13, threads=threads) == batch.waits(h13)).all()


def test_empty_and_other_dtypes():
    assert batch.is_win(np.zeros((0, 34), np.uint8)).shape == (0,)
    hands = random_hands(5, 14)
    assert (batch.shanten(hands.astype(np.int32)) == batch.shanten(hands)).all()
    assert (batch.shanten(hands.tolist()) == batch.shanten(hands)).all()
    assert (batch.shanten(np.asfortranarray(hands)) == batch.shanten(hands)).all()


def test_inputs_not_mutated():
    hands = random_hands(50, 13)
    before = hands.copy()
    jk = np.zeros(50, np.int64)
    batch.waits(hands, jk)
    batch.shanten(hands, jk)
    assert (hands == before).all() and (jk == 0).all()


def test_batch_errors():
    good = random_hands(3, 14)
    with pytest.raises(ValueError, match="shape \\(N, 34\\)"):
        batch.is_win(np.zeros((3, 33), np.uint8))
    with pytest.raises(ValueError, match="shape \\(N, 34\\)"):
        batch.is_win(np.zeros(34, np.uint8))
    bad = good.copy()
    bad[1, 5] = 6
    with pytest.raises(ValueError, match="hands\\[1, 5\\] = 6 is outside 0-4"):
        batch.is_win(bad)
    with pytest.raises(ValueError, match="hands\\[1, 5\\] = 6"):
        batch.is_win(bad.astype(np.int16))
    with pytest.raises(ValueError, match="without loss"):
        batch.is_win(good + 0.5)
    with pytest.raises(ValueError, match="row 0: .*3M\\+1"):
        batch.waits(good)
    with pytest.raises(ValueError, match="row 2: a hand holds at most 14"):
        batch.shanten(good, [0, 0, 1])
    with pytest.raises(ValueError, match="jokers must be a scalar or have shape \\(3,\\)"):
        batch.shanten(good, [0, 0])
    with pytest.raises(ValueError, match="jokers\\[1\\] = 9"):
        batch.shanten(good, [0, 9, 0])
    with pytest.raises(TypeError):
        batch.shanten(good, np.array([0.0, 0.0, 0.0]))
    with pytest.raises(TypeError):
        batch.shanten(None)
    with pytest.raises(ValueError, match="threads"):
        batch.shanten(good, threads=0)
    with pytest.raises(ValueError, match="seven_pairs alone"):
        batch.shanten(random_hands(2, 11), standard=False)


def test_eight_threads_calling_at_once_agree_with_serial_calls():
    """Shared read-only inputs (per-row jokers included), every batch function, some
    calls splitting their rows over threads of their own."""
    import threading
    rng = np.random.default_rng(4)
    jk14, jk13 = rng.integers(0, 5, 3000).astype(np.uint8), rng.integers(0, 4, 2000).astype(np.uint8)
    hands = np.stack([random_hands(1, 14 - k, seed=i)[0] for i, k in enumerate(jk14)])
    h13 = np.stack([random_hands(1, 13 - k, seed=10000 + i)[0] for i, k in enumerate(jk13)])
    for a in (hands, h13, jk14, jk13):
        a.setflags(write=False)

    def calls(threads):
        return (batch.shanten(hands, jk14, threads=threads), batch.is_win(hands, jk14),
                batch.waits(h13, jk13, threads=threads), *batch.discards(hands, jk14, threads=threads))

    serial = calls(1)
    results, errors = [], []
    go = threading.Barrier(8)

    def work(threads):
        try:
            go.wait()
            results.append(calls(threads))
        except Exception as exc:   # pragma: no cover - reported below
            errors.append(exc)

    workers = [threading.Thread(target=work, args=(1 + i % 3,)) for i in range(8)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    assert not errors and len(results) == 8
    for r in results:
        assert all((a == b).all() for a, b in zip(r, serial))
