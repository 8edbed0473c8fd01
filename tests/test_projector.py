"""The projector view, run in headless Chromium: the round clock started, paused and adjusted from the keyboard,
red in the last five minutes and `TIME` at zero; the field scrolling by itself to its last player; nothing wider
than the screen.

No test waits on the wall clock: the page reads the time through `sheetrunnerProjector.now`, which a probe script
appended to a copy of the page replaces with a number it moves itself. The probe writes what it saw into the page
as JSON, and `chromium --dump-dom` hands the page back."""

from __future__ import annotations

import html
import json
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from builder import make_event

from sheetrunner import api
from sheetrunner.reports import find_browser
from sheetrunner.reports.printing import BROWSER_FLAGS

pytestmark = [pytest.mark.slow, pytest.mark.skipif(find_browser() is None,
                                reason="no Chromium on this machine: `apt-get install chromium` to run")]

LONG_NAME = "Maximiliana Wolfeschlegelsteinhausenbergerdorff von Habsburg-Lothringen und Sachsen-Coburg"
NAMES = [LONG_NAME, "<b>Bold</b> Brian", "Çağla Demir", "Zoë Baker"] + [f"Player {n:02d}" for n in range(1, 58)]


def run_in_chromium(page: Path, probe: str, size: str = "1920,1080", fragment: str = "") -> dict:
    """Open a copy of `page` with `probe` appended as a script, at a window of `size`; the probe leaves its findings
    as JSON in the page (`report(...)`), read back from the DOM Chromium dumps."""
    copy = page.with_name(f"probe-{page.name}")
    script = ("<script>function report(found) { var out = document.createElement('pre'); out.id = 'probe-result';"
              f" out.textContent = JSON.stringify(found); document.body.appendChild(out); }}\n{probe}</script>")
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", script + "</body>"), encoding="utf-8")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        done = subprocess.run([find_browser(), *BROWSER_FLAGS, f"--user-data-dir={profile}", "--hide-scrollbars",
                               f"--window-size={size}", "--virtual-time-budget=3000", "--dump-dom",
                               copy.as_uri() + fragment], capture_output=True, text=True, timeout=180)
    found = re.search(r'<pre id="probe-result">(.*?)</pre>', done.stdout, re.DOTALL)
    assert found, f"the probe reported nothing: {done.stderr[-2000:]}"
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture(scope="module")
def projector(tmp_path_factory) -> Path:
    path = make_event(tmp_path_factory.mktemp("projector") / "hall.xlsx", NAMES, settings={"Round minutes": 45})
    result = api.pair_next(path)
    return result.reports.folder / "projector.html"


# Replaces the page's time with `t` (milliseconds), restarts it there, and gives the probe a key to press.
FAKE_TIME = """
var P = window.sheetrunnerProjector, t = 1000000;
P.now = function () { return t; };
P.start();
function press(key) { document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true})); }
function seen() { P.tick(); return {clock: document.getElementById("clock").textContent, body: document.body.className}; }
"""


def test_the_clock_starts_pauses_adjusts_and_resets_from_the_keyboard(projector):
    found = run_in_chromium(projector, FAKE_TIME + """
    var steps = {ready: seen()};
    press(" "); t += 61000; steps.running = seen();            // a minute and a second gone
    press(" "); t += 600000; steps.paused = seen();             // ten minutes of pause count nothing
    press("ArrowUp"); steps.up = seen(); press("+"); steps.plus = seen();
    press("ArrowDown"); press("-"); steps.down = seen();
    press(" "); t += 500; steps.again = seen();
    press("r"); steps.reset = seen();
    report(steps);
    """)
    assert found["ready"] == {"clock": "45:00", "body": "ready"}  # the Event's `Round minutes`
    assert found["running"] == {"clock": "43:59", "body": "running"}
    assert found["paused"] == {"clock": "43:59", "body": "paused"}
    assert found["up"]["clock"] == "44:59" and found["plus"]["clock"] == "45:59"
    assert found["down"]["clock"] == "43:59"
    assert found["again"] == {"clock": "43:59", "body": "running"}  # 43:58.5 left, shown rounded up
    assert found["reset"] == {"clock": "45:00", "body": "ready"}


def test_the_clock_goes_red_in_the_last_five_minutes_and_says_time_at_zero(projector):
    found = run_in_chromium(projector, FAKE_TIME + """
    var steps = {};
    press(" "); t += 39 * 60000 + 59000; steps.before = seen();   // 5:01 left
    t += 2000; steps.red = seen();                                  // 4:59 left
    t += 5 * 60000; steps.zero = seen();
    t += 60000; steps.after = seen();                               // it stays at TIME
    press("ArrowUp"); press(" "); t += 1000; steps.extra = seen();  // a minute given back after time
    report(steps);
    """)
    assert found["before"] == {"clock": "5:01", "body": "running"}
    assert found["red"] == {"clock": "4:59", "body": "running warning"}
    assert found["zero"]["clock"] == found["after"]["clock"] == "TIME"
    assert "time-up" in found["zero"]["body"]
    assert found["extra"] == {"clock": "0:59", "body": "running warning"}


def test_the_length_can_come_from_the_address(projector):
    found = run_in_chromium(projector, FAKE_TIME + "report(seen());", fragment="#30")
    assert found == {"clock": "30:00", "body": "ready"}


SCROLL = FAKE_TIME + """
var list = document.getElementById("list").getBoundingClientRect();
function visible(row) { var box = row.getBoundingClientRect(); return box.top >= list.top - 1 && box.bottom <= list.bottom + 1; }
var rows = document.querySelectorAll("#rows .row"), first = rows[0], last = rows[rows.length - 1];
var steps = {start: null, top: null, moving: null, end: null, loop: null}, times = [];
seen(); steps.start = {first: visible(first), last: visible(last)};
t += 3000; seen(); steps.top = {first: visible(first), last: visible(last)};       // still paused at the top
t += 5000; seen(); steps.moving = {first: visible(first), last: visible(last)};    // moving down
var start = t, offsets = [];
for (var step = 0; step < 2000 && !visible(last); step++) { t += 500; seen(); offsets.push(P.offset(t - P.scrollStart)); }
steps.end = {first: visible(first), last: visible(last), seconds: (t - start) / 1000};
var smooth = offsets.every(function (offset, i) { return i === 0 || offset >= offsets[i - 1]; });
t += 2000; seen(); var stays = visible(last);
t += 60000; var back = false;
for (var step = 0; step < 2000 && !back; step++) { t += 500; seen(); back = visible(first); }
steps.loop = {back: back, stays: stays, smooth: smooth};
report(steps);
"""


def test_the_field_scrolls_by_itself_to_the_last_player_and_loops(projector):
    found = run_in_chromium(projector, SCROLL)
    assert found["start"] == {"first": True, "last": False}
    assert found["top"] == {"first": True, "last": False}
    assert found["moving"]["first"] is False
    assert found["end"]["last"] is True and found["end"]["seconds"] > 5
    assert found["loop"] == {"back": True, "stays": True, "smooth": True}


OVERFLOW = """
var width = document.documentElement.clientWidth, wide = [];
document.querySelectorAll("body *").forEach(function (element) {
  var box = element.getBoundingClientRect();
  if (box.width && (box.right > width + 0.5 || box.left < -0.5)) wide.push(element.tagName + "." + element.className);
});
var names = Array.prototype.map.call(document.querySelectorAll(".row .player"), function (cell) {
  return {name: cell.textContent, cut: cell.scrollWidth > cell.clientWidth};
});
var header = document.querySelector("header.bar").getBoundingClientRect();
var clock = document.getElementById("clock").getBoundingClientRect();
report({width: width, innerWidth: window.innerWidth, innerHeight: window.innerHeight, scrollWidth: document.documentElement.scrollWidth, wide: wide,
        names: names, nameSize: parseFloat(getComputedStyle(document.querySelector(".row")).fontSize),
        clockInside: clock.top >= header.top && clock.bottom <= header.bottom && clock.right <= width});
"""


@pytest.mark.parametrize("size", ["1920,1080", "1280,720"])
def test_nothing_overflows_the_screen(projector, size):
    found = run_in_chromium(projector, OVERFLOW, size=size)
    assert found["innerWidth"] == int(size.split(",")[0])
    assert found["scrollWidth"] <= found["width"] and found["wide"] == []
    assert found["clockInside"]
    cut = {entry["name"] for entry in found["names"] if entry["cut"]}
    assert cut == {LONG_NAME}  # only the very long name ends in an ellipsis
    assert found["nameSize"] >= found["innerHeight"] * 0.04  # 43 px or more on a 1080-line screen


def test_names_stay_text_on_the_projector(projector):
    found = run_in_chromium(projector, "report({names: Array.prototype.map.call(document.querySelectorAll("
                                       "'.row .player'), function (c) { return c.textContent; }),"
                                       " bold: document.querySelectorAll('#rows b').length});")
    assert "<b>Bold</b> Brian" in found["names"] and found["bold"] == 0
    assert len(found["names"]) == len(NAMES)
