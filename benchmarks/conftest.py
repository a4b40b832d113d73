import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


import pytest  # noqa: E402

from paths import SHARED  # noqa: E402


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"shared data not found at {SHARED} (set HUPAI_SHARED)")
    return SHARED
