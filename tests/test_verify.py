"""`hupai verify` on the public acceptance cases, and on broken case files."""
import copy
import json
import subprocess
import sys

import pytest

from hupai.verify import verify_files

REGIONS_DONE = ["luzhou", "wuhan", "guiyang", "fuzhou"]


@pytest.mark.parametrize("region", REGIONS_DONE)
def test_public_cases_pass(shared, region):
    files = sorted(str(p) for p in (shared / "cases" / "public").glob(f"{region}*.json"))
    assert files
    proc = subprocess.run([sys.executable, "-m", "hupai.cli", "verify", *files],
                          capture_output=True, text=True)
    last = proc.stdout.strip().splitlines()[-1]
    assert proc.returncode == 0, proc.stdout
    assert last.endswith(" 0 failed") and not last.startswith("0 passed")


def _run(paths):
    out = []
    code = verify_files([str(p) for p in paths], out.append)
    return code, "".join(out)


def test_a_wrong_expectation_fails_and_is_reported(shared, tmp_path):
    cases = json.loads((shared / "cases" / "public" / "luzhou.json").read_text(encoding="utf-8"))
    bad = copy.deepcopy(cases[:3])
    target = next(c for c in bad if c["expected"]["is_win"])
    target["expected"]["value"] += 1
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    code, out = _run([path])
    assert code == 1
    assert f"FAIL {target['id']}" in out and "value: expected" in out
    assert out.strip().splitlines()[-1] == "2 passed, 1 failed"


def test_malformed_files_are_rejected(shared, tmp_path):
    notjson = tmp_path / "a.json"
    notjson.write_text("{", encoding="utf-8")
    code, out = _run([notjson])
    assert code == 1 and "INVALID" in out and "not JSON" in out
    notlist = tmp_path / "b.json"
    notlist.write_text("{}", encoding="utf-8")
    code, out = _run([notlist])
    assert code == 1 and "JSON array" in out


def test_schema_is_checked_when_present(shared, tmp_path):
    (tmp_path / "case.schema.json").write_text(
        (shared / "cases" / "case.schema.json").read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"id": "LZ-X", "region": "luzhou", "expected": {}, "why": "",
                                 "concealed": "12x", "melds": [], "win_tile": "1m",
                                 "self_draw": True}]), encoding="utf-8")
    code, out = _run([path])
    assert code == 1 and "INVALID" in out
