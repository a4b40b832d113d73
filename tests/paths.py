"""Where the checkout and the project's shared data are, for the tests and benchmarks."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HUPAI_SHARED", ROOT.parent / "shared"))
