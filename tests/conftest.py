import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from paths import SHARED

settings.register_profile("default", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
settings.register_profile("thorough", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
# the kernel tests under AddressSanitizer (.ci/run): every code path, fewer examples
settings.register_profile("sanitize", max_examples=40, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"shared data not found at {SHARED} (set HUPAI_SHARED)")
    return SHARED
