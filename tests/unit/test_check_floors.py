"""benchmarks/check_floors.py: the CI gate on each kernel's speed-up over the
pure-Python reference."""
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_floors", ROOT / "benchmarks" / "check_floors.py")
check_floors = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_floors)

FLOORS = {"kernels": {"single is_win": {"native": "n", "reference": "r", "floor": 1000}}}


def results(native_ns, reference_ns):
    return {"benchmarks": [
        {"name": "n", "stats": {"median": native_ns * 2000 / 1e9}, "extra_info": {"hands_per_call": 2000}},
        {"name": "r", "stats": {"median": 0.0}, "extra_info": {"ns_per_hand": reference_ns, "hands_per_call": 3}},
    ]}


def test_speed_up_at_or_above_the_floor_passes():
    lines = []
    assert check_floors.check(results(100.0, 100_000.0), FLOORS, lines.append)
    assert "1,000" in lines[1] and "BELOW" not in lines[1]


def test_speed_up_below_the_floor_fails_and_says_so():
    lines = []
    assert not check_floors.check(results(100.0, 99_000.0), FLOORS, lines.append)
    assert "990" in lines[1] and "BELOW FLOOR" in lines[1]


def test_missing_benchmark_fails(tmp_path):
    data = results(100.0, 1e6)
    data["benchmarks"].pop()
    path = tmp_path / "bench.json"
    path.write_text(json.dumps(data))
    assert check_floors.main([str(path)]) == 1


def test_every_floor_names_a_benchmark_of_the_suite():
    source = (ROOT / "benchmarks" / "test_kernel_bench.py").read_text()
    floors = json.loads((ROOT / "benchmarks" / "floors.json").read_text())
    for spec in floors["kernels"].values():
        assert 0 < spec["floor"] < spec["measured"]
        for name in (spec["native"], spec["reference"]):
            test, _, params = name.partition("[")
            assert f"def {test}(" in source, name
            if params:
                assert all(f'"{p}"' in source or p.isdigit() for p in params.rstrip("]").split("-")), name
