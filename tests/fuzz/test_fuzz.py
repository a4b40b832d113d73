"""Short fuzz runs of every target (tests/fuzz/targets.py), from arbitrary bytes.

``pytest`` runs each target on FUZZ_EXAMPLES inputs (default 500) drawn by Hypothesis;
for a long run set ``HUPAI_FUZZ_EXAMPLES`` (see tests/fuzz/README.md).  A failing input
is shrunk by Hypothesis and printed; add it to test_regressions.py as a direct call.
"""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from targets import TARGETS

FUZZ_EXAMPLES = int(os.environ.get("HUPAI_FUZZ_EXAMPLES", "500"))

fuzz_settings = settings(max_examples=FUZZ_EXAMPLES, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# Short inputs, and long ones (plain st.binary() is mostly a few bytes; the targets need
# a few hundred to build a table of hands).
BYTES = st.one_of(st.binary(max_size=32), st.binary(min_size=256, max_size=1024))


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(TARGETS))
@fuzz_settings
@given(data=BYTES)
def test_fuzz(name, data):
    TARGETS[name](data)
