"""Typing: mypy over the package (its .py files and the extension's .pyi stub), and
the stub against the built extension (``mypy.stubtest``: every function, parameter
and default of hupai._core as the stub says)."""
import subprocess
import sys
from pathlib import Path

from mypy import api

import hupai

ROOT = Path(__file__).resolve().parents[2]

# Names of the extension that are not API: Cython's own, and constants it imports.
STUBTEST_ALLOWLIST = """
hupai._core.__pyx_capi__
hupai._core.__test__
hupai._core.SEVEN_PAIRS
hupai._core.STANDARD
"""


def test_package_has_stub_and_marker():
    package = Path(hupai.__file__).parent
    assert (package / "py.typed").is_file() and (package / "_core.pyi").is_file()


def test_mypy_finds_no_errors(tmp_path):
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path),
                                str(ROOT / "src" / "hupai")])
    assert status == 0, out + err


def test_stub_matches_the_extension(tmp_path):
    allowlist = tmp_path / "allowlist.txt"
    allowlist.write_text(STUBTEST_ALLOWLIST)
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "hupai._core", "--allowlist", str(allowlist),
                          "--mypy-config-file", str(ROOT / "pyproject.toml")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
