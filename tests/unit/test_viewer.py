"""The replay viewer (``hupai replay FILE --html OUT``): a page that needs no network,
carries every event of every consistent round, cannot be broken out of by a string
in its data, hides in a seat's view what that seat may not see, and the same input
makes the same bytes; and the notebook displays of a hand and a result."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from hupai import cli
from hupai.rules import REGIONS, Hand, Situation
from hupai.viewer.page import json_script, replay_page
from hupai.viewer.tiles_svg import tile_body
from hupai.viewer.view import round_view

REGION_NAMES = sorted(REGIONS)
EVIL = "</script><script>alert(1)</script><!--"


@pytest.fixture(scope="module", params=REGION_NAMES)
def simulated(request, tmp_path_factory):
    """(region, records file, its records) of a seeded simulation of three rounds."""
    folder = tmp_path_factory.mktemp(request.param)
    records = folder / "rounds.jsonl"
    assert cli.main(["simulate", "--region", request.param, "--rounds", "3", "--seed", "7", "--agents", "greedy",
                     "--records", str(records), "--no-progress"]) == 0
    lines = records.read_text(encoding="utf-8").splitlines()
    return request.param, records, [json.loads(line) for line in lines]


def _page(records: Path, out: Path, *extra: str) -> tuple[int, str]:
    status = cli.main(["replay", str(records), "--html", str(out), *extra])
    return status, out.read_text(encoding="utf-8")


def _script_data(page: str, element_id: str):
    found = re.search(rf'<script type="application/json" id="{element_id}">(.*?)</script>', page, re.S)
    assert found, element_id
    return json.loads(found.group(1))


def test_the_page_needs_no_network(simulated, tmp_path, capsys):
    _, records, _ = simulated
    status, page = _page(records, tmp_path / "out.html")
    assert status == 0 and "3 consistent, 0 inconsistent" in capsys.readouterr().out
    for banned in ("http://", "https://", "//", "<link", "src=", "@import", "url("):
        assert banned not in page, banned
    # every reference the page makes is to something inside it
    ids = set(re.findall(r'id="([^"]+)"', page))
    assert {"tile-5m", "tile-back", "hupai-records", "hupai-views"} <= ids
    assert "default-src 'none'" in page


def test_the_page_carries_every_event_and_ledger(simulated, tmp_path):
    _, records, originals = simulated
    _, page = _page(records, tmp_path / "out.html")
    assert _script_data(page, "hupai-records") == originals
    data = _script_data(page, "hupai-views")
    for rec, view in zip(originals, data["rounds"]):
        assert len(view["frames"]) == len(view["labels"]) == len(rec["events"])
        assert len(view["causes"]) == len(rec["settlement"])
        wins = [e for e in rec["events"] if e["type"] == "win"]
        assert [w["seat"] for w in view["wins"]] == [w["seat"] for w in wins]
        assert [w["value"] for w in view["wins"]] == [w["value"] for w in wins]
        for win, event in zip(view["wins"], wins):
            assert set(event["patterns"]) <= {row["zh"] for row in win["rows"]}
            assert all(row["en"] for row in win["rows"])
        assert view["frames"][-1]["scores"] == [a + b for a, b in zip(rec["scores_before"], rec["net"])]
        assert view["frames"][0]["live"] > view["frames"][-1]["live"]


def test_a_frame_is_the_table_after_its_event(simulated):
    """Tiles are conserved in every frame: hands, melds, rivers (less what was claimed),
    winning tiles, flips and burns, plus the live wall, make the region's tile set."""
    region, _, originals = simulated
    for rec in originals:
        view = round_view(rec)
        total = len(rec["wall"]) // 2
        for k, frame in enumerate(view["frames"]):
            seats = frame["seats"]
            held = sum(s["count"] + sum(len(m["tiles"]) // 2 for m in s["melds"]) for s in seats)
            river = sum(len(s["river"]) // 2 - len(s["claimed"]) for s in seats)
            won = len({(e["seat"], e["tile"]) for e in rec["events"][:k + 1] if e["type"] == "win"})
            special = sum(1 for e in rec["events"][:k + 1] if e["type"] == "special_kong")
            flips = sum(1 for e in rec["events"][:k + 1] if e["type"] == "flip")
            burnt = len(frame["burnt"]) // 2
            reserve = REGIONS[region].FLOW.reserve(REGIONS[region].Rules.from_options(rec["options"]))
            assert held + river + won + special + flips + burnt + frame["live"] + reserve == total, (region, k)


def test_nothing_in_the_data_ends_the_script_element():
    text = json_script("x", {"reason": EVIL, "u": "\u2028"})
    body = text[len('<script type="application/json" id="x">'):-len("</script>")]
    assert "<" not in body and ">" not in body
    assert json.loads(body) == {"reason": EVIL, "u": "\u2028"}


def test_an_evil_record_neither_breaks_the_page_nor_stops_it(simulated, tmp_path, capsys):
    _, records, originals = simulated
    bad = dict(originals[0])
    bad[EVIL] = 1                                  # an unknown field: the error message quotes it
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([json.dumps(originals[0]), json.dumps(bad, ensure_ascii=False),
                                json.dumps(originals[2])]) + "\n", encoding="utf-8")
    status, page = _page(mixed, tmp_path / "mixed.html")
    assert status == 1 and "2 consistent, 1 inconsistent" in capsys.readouterr().out
    assert page.count("</script>") == page.count("<script")
    assert "<script>alert" not in page
    data = _script_data(page, "hupai-views")
    assert [p["line"] for p in data["problems"]] == [2] and "</script>" in data["problems"][0]["error"]
    assert _script_data(page, "hupai-records") == [originals[0], originals[2]]


def test_a_file_that_is_not_json_fails_but_the_page_is_written(tmp_path, capsys):
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n", encoding="utf-8")
    status, page = _page(broken, tmp_path / "broken.html")
    assert status == 1 and "0 consistent, 1 inconsistent" in capsys.readouterr().out
    assert _script_data(page, "hupai-records") == []


def test_a_seats_view_hides_the_other_seats_tiles(simulated, tmp_path):
    _, records, originals = simulated
    status, page = _page(records, tmp_path / "seat2.html", "--seat", "2")
    assert status == 0
    shown = _script_data(page, "hupai-records")
    data = _script_data(page, "hupai-views")
    assert data["view"] == 2
    for rec, seen, view in zip(originals, shown, data["rounds"]):
        assert "wall" not in seen and "seed" not in seen
        assert seen["settlement"] == rec["settlement"]
        for e in seen["events"]:
            if e.get("seat") not in (2, None):
                assert not (e["type"] == "deal" and "tiles" in e), e
                assert not (e["type"] == "draw" and "tile" in e), e
                assert e["type"] != "pass", e
        assert len(view["frames"]) == len(seen["events"]) <= len(rec["events"])
        for frame in view["frames"]:
            assert frame["seats"][2]["hand"] is not None
            for other in (0, 1, 3):
                seat = frame["seats"][other]
                assert seat["hand"] is None or seat["finished"]
    open_data = _script_data(_page(records, tmp_path / "all.html")[1], "hupai-views")
    assert any(s["hand"] for r in open_data["rounds"] for f in r["frames"] for s in f["seats"][:2])


def test_seat_needs_the_page(simulated, capsys):
    _, records, _ = simulated
    assert cli.main(["replay", str(records), "--seat", "1"]) == 2
    assert "--html" in capsys.readouterr().err


def test_the_same_file_makes_the_same_page(simulated, tmp_path):
    _, records, _ = simulated
    assert _page(records, tmp_path / "a.html")[1] == _page(records, tmp_path / "b.html")[1]


def test_a_page_with_no_round_still_opens():
    page = replay_page([], "empty.jsonl")
    assert _script_data(page, "hupai-records") == [] and _script_data(page, "hupai-views")["rounds"] == []


def test_a_tile_is_drawn_only_for_a_tile_name():
    assert "万" in tile_body("5m") and "筒" in tile_body("5p") and "条" in tile_body("5s")
    assert "中" in tile_body("7z")
    with pytest.raises(ValueError, match="not a tile name"):
        tile_body("<b>")


def test_a_hand_in_a_notebook_shows_its_tiles_and_melds():
    out = Hand.parse("23m7z456m234p9p", [("peng", "111m", "A")])._repr_html_()
    labels = re.findall(r'aria-label="([^"]+)"', out)
    assert labels == ["2m", "3m", "4m", "5m", "6m", "2p", "3p", "4p", "9p", "7z", "1m", "1m", "1m"]
    assert "peng ← A" in out and "五" in out and "中" in out


def test_a_win_in_a_notebook_shows_its_breakdown_and_payments():
    hand = Hand.parse("23m7z456m234p9p", [("peng", "111m")])
    res = REGIONS["luzhou"].score(hand, Situation("9p", self_draw=True))
    out = html.unescape(res._repr_html_())
    for step in res.breakdown:
        assert step.pattern.name_zh in out and step.pattern.name_en in out
    assert f"{res.value} {res.unit}" in out
    for t in res.ledger:
        assert t.reason in out
    assert "+15" in out and "-5" in out


def test_a_no_win_in_a_notebook_says_why():
    res = REGIONS["fuzhou"].score(Hand.parse("147m258p369s2z", [("peng", "111z")]), Situation("3z"))
    out = res._repr_html_()
    assert "No win" in out and html.escape(res.reason) in out and "<table" not in out


def test_lines_choose_the_rounds_the_page_shows_and_every_record_is_still_checked(simulated, tmp_path, capsys):
    _, records, originals = simulated
    lines = records.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"format"', '"formats"', 1)       # line 1 is inconsistent
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, page = _page(broken, tmp_path / "out.html", "--lines", "3")
    assert status == 1                                            # line 1 is still checked
    assert "2 consistent, 1 inconsistent" in capsys.readouterr().out
    assert _script_data(page, "hupai-records") == [originals[2]]
    status, page = _page(records, tmp_path / "two.html", "--lines", "2-3")
    assert status == 0 and _script_data(page, "hupai-records") == originals[1:]


@pytest.mark.parametrize("extra, words", [(["--lines", "3-1"], "1 <= A <= B"), (["--lines", "x"], "N or A-B"),
                                          (["--lines", "0"], "1 <= A <= B")])
def test_a_bad_line_range_is_refused(simulated, tmp_path, capsys, extra, words):
    _, records, _ = simulated
    assert cli.main(["replay", str(records), "--html", str(tmp_path / "out.html"), *extra]) == 2
    assert words in capsys.readouterr().err
    assert cli.main(["replay", str(records), "--lines", "1"]) == 2    # --lines goes with --html


def test_a_page_of_too_many_rounds_is_refused_with_the_way_out(simulated, tmp_path, capsys, monkeypatch):
    from hupai import cli_table
    _, records, _ = simulated
    monkeypatch.setattr(cli_table, "MAX_PAGE_ROUNDS", 2)
    assert cli.main(["replay", str(records), "--html", str(tmp_path / "out.html")]) == 2
    assert "at most 2 rounds" in capsys.readouterr().err and not (tmp_path / "out.html").exists()
    status, _ = _page(records, tmp_path / "out.html", "--lines", "1-2")
    assert status == 0
