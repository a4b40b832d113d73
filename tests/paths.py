"""Where the checkout and the project's shared data are, for the tests and benchmarks."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HUPAI_SHARED", ROOT.parent / "shared"))


def source_of(module: str) -> str:
    """The Python source of ``module`` (``hupai.table.round``), read from the installed
    package's ``.py`` file: ``inspect`` finds none for a module mypyc compiled."""
    import importlib
    package = Path(importlib.import_module("hupai").__file__).parent
    path = package.joinpath(*module.split(".")[1:])
    return (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text(encoding="utf-8")
