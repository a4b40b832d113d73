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


def _one(tmp_path, cases, name="c.json"):
    path = tmp_path / name
    path.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    return _run([path])


def _win_case(**changes):
    case = {"id": "LZ-X1", "region": "luzhou", "why": "test", "concealed": "123m456m234p567p7z",
            "melds": [], "win_tile": "9p", "self_draw": True,
            "expected": {"is_win": True, "patterns": ["平胡"], "value": 2, "unit": "顆",
                         "payments": {"W": 6, "A": -2, "B": -2, "C": -2}}}
    for key, value in changes.items():
        if value is None:
            case.pop(key)
        else:
            case[key] = value
    return case


def test_the_schema_is_always_applied(tmp_path):
    # no case.schema.json beside the file: the package's own schema applies
    code, out = _one(tmp_path, [_win_case(concealed="12x")])
    assert code == 1 and out.startswith("INVALID LZ-X1: at concealed: '12x' is not valid notation")


@pytest.mark.parametrize("case, fragment", [
    (_win_case(win_tile=None), "missing required field 'win_tile'"),
    (_win_case(options=[1]), "at options: [1] is not of type object"),
    (_win_case(melds=[{"kind": "peng"}]), "at melds/0: missing required field 'tiles'"),
    (_win_case(self_draw="no"), "at self_draw: 'no' is not of type boolean"),
    (_win_case(options={"luzhou_cap": 50}), "at options/luzhou_cap: 50 is not one of"),
    (_win_case(options={"luzhou_nonsense": 1}), "unknown field 'luzhou_nonsense'"),
    ({"id": "LZ-X2", "region": "mars", "why": "", "expected": {}}, "'mars' is not one of"),
    ("not a case", "INVALID #0: at the case: 'not a case' is not of type object"),
])
def test_an_invalid_case_is_one_line_and_a_nonzero_exit(tmp_path, case, fragment):
    code, out = _one(tmp_path, [case, _win_case(id="LZ-X9")])
    lines = out.strip().splitlines()
    assert code == 1 and len(lines) == 2, out
    assert lines[0].startswith("INVALID ") and fragment in lines[0], lines[0]
    assert lines[1] == "1 passed, 0 failed, 1 invalid"      # the valid case still runs


def test_deeply_nested_json_is_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, out = _run([path])
    assert code == 1 and out.startswith(f"INVALID {path}: not JSON: nested too deeply")
    code, out = _one(tmp_path, [_win_case(melds=[[[[[[[[[]]]]]]]]])])
    assert code == 1 and out.startswith("INVALID LZ-X1:")


def test_a_huge_value_is_quoted_briefly(tmp_path):
    code, out = _one(tmp_path, [_win_case(concealed="1m" * 5_000_000)])
    assert code == 1 and "…" in out and all(len(line) < 300 for line in out.splitlines()), out[:1000]


def test_a_kind_the_region_lacks_is_invalid_not_a_crash(tmp_path):
    case = {"id": "LZ-H1", "region": "luzhou", "kind": "houshao", "why": "",
            "expected": {"patterns": ["后燒"], "value": 1, "payments": {}}}
    code, out = _one(tmp_path, [case])
    assert code == 1 and out.startswith("INVALID LZ-H1: at kind: 'houshao' is not one of []") \
        and "Traceback" not in out


def test_every_region_answers_a_ready_case(tmp_path):
    # Wuhan's ready: the legal self-drawn waits of a 13-tile hand, with the indicator
    case = {"id": "WH-R1", "region": "wuhan", "kind": "ready", "why": "", "indicator": "8p",
            "concealed": "234m678m123p5s", "melds": [{"kind": "chi", "tiles": "345s"}],
            "expected": {"ready": True, "chajiao_value": 48, "waits": ["9p", "5s"]}}
    code, out = _one(tmp_path, [case])
    assert code == 0, out


def test_the_command_line_never_prints_a_traceback(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    missing = tmp_path / "missing.json"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([_win_case(self_draw="no"), _win_case(id="LZ-X3", melds=[{"kind": "peng"}])]),
                   encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "hupai.cli", "verify", str(deep), str(missing), str(bad)],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "Traceback" not in proc.stdout + proc.stderr
    assert proc.stdout.count("INVALID") == 4


def test_the_packaged_schema_accepts_every_public_case(shared):
    import jsonschema

    from hupai import cases
    theirs = json.loads((shared / "cases" / "case.schema.json").read_text(encoding="utf-8"))
    ours = cases.schema()
    jsonschema.Draft202012Validator.check_schema(ours)
    for path in sorted((shared / "cases" / "public").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.validate(data, theirs)
        jsonschema.validate(data, ours)
