"""The replay page in a real headless Chromium: stepped through with the keyboard and
with the buttons to the last event of a round, with no console error on the way, and
at the end the settlement shown on screen is the record's (every ledger line, every
win's patterns in Chinese and English).

Chromium and its driver come from Debian (``sh tools/browser.sh`` installs them);
without them this test fails, saying so, unless ``HUPAI_NO_BROWSER=1`` is set."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from hupai import cli
from hupai.table import replay

CHROMIUM = os.environ.get("HUPAI_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("HUPAI_CHROMEDRIVER", "/usr/bin/chromedriver")
# every uncaught error and rejected promise of the page, kept where the test can read it
CATCH_ERRORS = """
window.__errors = [];
window.addEventListener("error", function (e) { window.__errors.push(String(e.message)); });
window.addEventListener("unhandledrejection", function (e) { window.__errors.push(String(e.reason)); });
"""


def _missing(what: str) -> None:
    if os.environ.get("HUPAI_NO_BROWSER") == "1":
        pytest.skip(f"{what} (HUPAI_NO_BROWSER=1)")
    pytest.fail(f"{what}: run `sh tools/browser.sh` (or set HUPAI_NO_BROWSER=1 to skip the browser tests)")


@pytest.fixture(scope="module")
def webdriver():
    """The selenium module, with Chromium and chromedriver where they are expected."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)) and shutil.which(path) is None:
            _missing(f"{path} not found")
    try:
        from selenium import webdriver as selenium_webdriver
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[test]')")
    return selenium_webdriver


@pytest.fixture
def browser(webdriver):
    """A headless Chromium that never downloads anything (the driver is given, so
    Selenium Manager is not asked), logging the page's console."""
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1440,1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_ERRORS})
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """(page path, records) of a seeded Luzhou simulation of three rounds with wins."""
    folder = tmp_path_factory.mktemp("browser")
    records = folder / "rounds.jsonl"
    assert cli.main(["simulate", "--region", "luzhou", "--rounds", "3", "--seed", "7", "--agents", "greedy",
                     "--records", str(records), "--no-progress"]) == 0
    out = folder / "replay.html"
    assert cli.main(["replay", str(records), "--html", str(out)]) == 0
    return out, [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]


def _at(driver) -> tuple[int, int]:
    body = driver.find_element("tag name", "body")
    return int(body.get_attribute("data-round")), int(body.get_attribute("data-event"))


def _no_errors(driver) -> None:
    errors = driver.execute_script("return window.__errors")
    console = [m for m in driver.get_log("browser") if m["level"] in ("SEVERE", "WARNING")]
    assert errors == [] and console == [], (errors, console)


def _press(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(key).perform()


def _click(driver, where: str) -> None:
    driver.find_element("css selector", f'button[data-go="{where}"]').click()


def _labels(driver) -> list[str]:
    return driver.execute_script("return JSON.parse(document.getElementById('hupai-views').textContent)"
                                 ".rounds.map(function (r) { return r.labels; })")


def _visible(driver, element) -> bool:
    """Shown, of some size, and not covered: the point at its middle belongs to it."""
    return element.is_displayed() and element.size["height"] > 20 and driver.execute_script(
        "var e = arguments[0]; e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect();"
        "var hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 40));"
        "return e.contains(hit);", element)


def _expected_ledger(record: dict) -> list[str]:
    return [f"Seat {t['from']} → Seat {t['to']} {t['amount']} {t['reason']}"
            for entry in record["settlement"] for t in entry["transfers"]]


def _check_settlement(driver, record: dict) -> None:
    panel = driver.find_element("id", "settlement")
    assert _visible(driver, panel)
    rows = [r.text for r in panel.find_elements("css selector", ".ledger tbody tr:not(.cause)")]
    assert [r for r in rows if r != "no payment"] == _expected_ledger(record)
    text = panel.text
    rnd = replay(record)
    assert rnd.wins, "the seeded round has wins"
    for found in rnd.wins:
        for step in found.result.breakdown:
            assert step.pattern.name_zh in text and step.pattern.name_en in text
    for seat, net in enumerate(record["net"]):
        assert f"Seat {seat} {net:+}" in text or f"Seat {seat} {net}" in text


def test_keyboard_and_buttons_step_to_the_settlement(browser, page, tmp_path):
    path, records = page
    browser.get(path.as_uri())
    labels = _labels(browser)
    assert _at(browser) == (0, 0)
    for k in range(1, len(records[0]["events"])):           # round 1, event by event, with the keyboard
        _press(browser, "\ue014")                             # ArrowRight
        assert _at(browser) == (0, k)
        assert browser.find_element("css selector", "#center .now-label").text == labels[0][k]
        assert not browser.find_element("id", "settlement").is_displayed() or k == len(labels[0]) - 1
    _press(browser, "\ue014")
    assert _at(browser) == (0, len(labels[0]) - 1)            # the last event stays the last
    _check_settlement(browser, records[0])
    _press(browser, "\ue011")                                 # Home
    assert _at(browser) == (0, 0) and not browser.find_element("id", "settlement").is_displayed()
    _press(browser, "\ue010")                                 # End
    assert _at(browser) == (0, len(labels[0]) - 1)
    _press(browser, "\ue00f")                                 # PageDown: the next round
    assert _at(browser) == (1, 0)
    for k in range(1, len(labels[1])):                        # round 2 with the buttons
        _click(browser, "next")
        assert _at(browser) == (1, k)
    _check_settlement(browser, records[1])
    _click(browser, "round-next")
    _click(browser, "last")
    assert _at(browser) == (2, len(labels[2]) - 1)
    _check_settlement(browser, records[2])
    shot = tmp_path / "settled.png"
    assert browser.save_screenshot(str(shot)) and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 50_000                       # a drawn table, not a blank page
    _no_errors(browser)


def test_a_seats_view_shows_the_others_face_down(browser, page, tmp_path):
    path, records = page
    seat_page = tmp_path / "seat1.html"
    assert cli.main(["replay", str(path.parent / "rounds.jsonl"), "--html", str(seat_page), "--seat", "1"]) == 0
    browser.get(seat_page.as_uri() + "#1:30")
    assert _at(browser) == (0, 29)
    bottom = browser.find_element("id", "pos-0")
    assert bottom.get_attribute("data-seat") == "1"           # the viewer sits at the bottom
    assert not bottom.find_elements("css selector", '.hand use[href="#tile-back"]')
    for pos in (1, 2, 3):
        hand = browser.find_element("css selector", f"#pos-{pos} .hand")
        uses = hand.find_elements("css selector", "use")
        assert uses and all(u.get_attribute("href") == "#tile-back" for u in uses)
    _no_errors(browser)
