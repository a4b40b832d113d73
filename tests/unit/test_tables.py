"""The committed tables are exactly what the generator produces."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_generated_header_is_current():
    spec = importlib.util.spec_from_file_location("gen_tables", ROOT / "tools" / "gen_tables.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    committed = (ROOT / "csrc" / "hupai_tables.h").read_text(encoding="ascii")
    assert committed.startswith("/* DO NOT EDIT")
    assert gen.build() == committed, "csrc/hupai_tables.h is stale: run python tools/gen_tables.py"


def test_suit_deficits_match_brute_force_on_samples():
    """The DP of the generator against brute force over all group patterns."""
    import numpy as np

    import sys
    sys.path.insert(0, str(ROOT / "tests"))
    import reference as ref

    spec = importlib.util.spec_from_file_location("gen_tables", ROOT / "tools" / "gen_tables.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    rng = np.random.default_rng(7)
    vecs = gen.all_vectors(9)
    sample = vecs[rng.choice(len(vecs), 300, replace=False)]
    got = gen.suit_deficits(sample)
    for v, row in zip(sample, got):
        counts = np.zeros(34, dtype=np.int64)
        counts[:9] = v
        for j in range(5):
            for p in range(2):
                assert row[2 * j + p] == ref.group_deficit(counts, 0, j, p, False)


def test_combining_two_classes_does_not_depend_on_their_order():
    """The waits kernel reads one row of HUPAI_COMB per group (csrc/hupai.c,
    standard_reaching), which holds only because min-plus combination commutes."""
    import re

    header = (ROOT / "csrc" / "hupai_tables.h").read_text(encoding="ascii")
    start = header.index("HUPAI_COMB[180][180] = {")
    body = header[header.index("{", start) + 1:header.index("};", start)]
    values = [int(v) for v in re.findall(r"\d+", body)]
    assert len(values) == 180 * 180
    comb = [values[180 * a:180 * (a + 1)] for a in range(180)]
    assert all(comb[a][b] == comb[b][a] for a in range(180) for b in range(a))
