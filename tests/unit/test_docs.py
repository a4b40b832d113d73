"""The docs: the API reference builds from the docstrings with warnings as errors, and
the rule pages stand on their own (no paths outside what the project ships, every
relative link resolves)."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md", ROOT / "CHANGELOG.md"]


def test_the_api_reference_builds_without_warnings(tmp_path):
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           str(ROOT / "docs"), str(tmp_path / "html")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    api = (tmp_path / "html" / "api" / "regions.html").read_text(encoding="utf-8")
    for name in ("luzhou", "wuhan", "guiyang", "fuzhou"):
        assert f"hupai.rules.{name}.score" in api and f"hupai.rules.{name}.exhaust" in api


def test_pages_send_readers_only_to_files_that_exist():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert "../shared" not in text or page.name == "README.md" and page.parent == ROOT, page
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if not re.match(r"[a-z]+:", target):
                assert (page.parent / target).exists(), f"{page.name}: {target}"
