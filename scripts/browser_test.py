#!/usr/bin/env python3
"""The playground's end-to-end test in a real browser (run it through scripts/browser_test.sh).

Starts `swipehost serve --plugin <a copy of plugins/mail.lua> --port 0`, opens its page in
Debian's chromium through Playwright, and checks with real mouse events that:
  1. dragging row 3 left opens it: Trash, Flag and More are revealed in their colours, and the
     log shows the `open` of row 3;
  2. tapping Trash deletes the row: the row count drops and the rows below move up; tapping More
     presents the sheet, and dismissing it sends `dismiss` to the session, which logs it; the
     keyboard (Tab, ArrowDown, A, Enter) runs row 3's Flag as an accessibility action;
  3. saving a broken plugin shows the error banner (file:line) and keeps the old plugin; saving a
     good change (Trash retitled) reaches the page without reloading it;
  4. the recorded script, downloaded from the session's URL, replayed with
     `swipehost run --format jsonl` and the same plugin, prints exactly the events the page's log
     showed; the recorded spec passes under `swipehost test` and, when it is installed, Debian's busted;
  5. a second page is a session of its own (all 15 rows, its own log), where a finger's drag
     (Chromium's touch events) opens a row and the wheel scrolls;
  6. SIGINT stops the server with exit status 0;
  7. under `--preset mail` (a second server), a row let go mid-drag is drawn within 0.5 px of the
     core's offset at several instants of its spring settle (the page's drawing frozen at each
     virtual instant; the core's offset from the recorded script replayed through
     require("swipe") to the same instant);
  8. with plugins/transitions.lua (a third server), row 3 (`transition = "border"`) held dragged
     halfway: each button's x in the DOM equals the frame's `draw` (to 0.01 px) and is the core's
     frame (t:cell(3).buttons[i].x) within 0.5 px;
  9. with a plugin whose trailing edge has a `manual` full swipe (a fourth server), row 2 dragged
     past the threshold and held: the filled button's x and width in the DOM are the frame's
     `draw` at several instants of its grow, and once grown it covers the whole revealed width;
 10. with a plugin whose items are tables with ids (a fifth server), those rows show
     their ids (`#m1`, in a label and the row's title), a string row shows none, the keyboard's
     row is named by its id, and the recorded script names a dragged row by its id (`#m3`);
 11. with a plugin whose rows pick their own presets (a sixth server), the header names the
     presets, and the panel shows each row's preset, `enabled`, `duration` in seconds and its full
     swipe's button by id.
Along the way (scripts/browser_a11y.py): axe-core finds no serious or critical violation at rest,
with a row open, with a sheet up and with the actions menu open; the keyboard's row is the
table's aria-activedescendant, by an id of its own, with a ring above its content
(.artifacts/keyboard-focus.png); each event is said in the polite live region.
Saves .artifacts/playground.png (and docs/images/playground.png with --docs-screenshot): row 2
open on its leading edge, row 4 on its trailing one, the log, row 4's configuration.
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

import browser_a11y

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT_MS = 15000

passed = 0


def check(condition, what, detail=""):
    """Counts a passed check, or fails the test with what was expected and what was seen."""
    global passed
    if not condition:
        raise AssertionError(what + (": " + detail if detail else ""))
    passed += 1
    print("ok " + str(passed) + " - " + what, flush=True)


class Server:
    """`swipehost serve` in the background; its URL is the first line it prints."""

    def __init__(self, binary, plugin, cwd, extra=()):
        self.proc = subprocess.Popen(
            [binary, "serve", "--plugin", plugin, "--port", "0"] + list(extra),
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.stderr = []
        threading.Thread(target=self._drain, args=(self.proc.stderr,), daemon=True).start()
        line = [None]
        reader = threading.Thread(target=lambda: line.__setitem__(0, self.proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(60)
        url = (line[0] or "").strip()
        if not url.startswith("http://"):
            self.stop(signal.SIGKILL)
            raise AssertionError("swipehost serve printed no URL first (got %r); stderr: %s" % (url, "".join(self.stderr)))
        self.url = url
        threading.Thread(target=self._drain, args=(self.proc.stdout,), daemon=True).start()

    def _drain(self, stream):
        for line in stream:
            self.stderr.append(line)

    def stop(self, sig=signal.SIGINT, timeout=15):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode("utf-8")


def row(page, n):
    return page.locator('#table .row[data-row="%d"]' % n)


def drag(page, n, dx, steps=15):
    """Real mouse events: down on row n (near its right end for a drag left, its left end for a
    drag right), `steps` moves to `dx` px from there, up."""
    box = row(page, n).bounding_box()
    x = box["x"] + (box["width"] - 30 if dx < 0 else 30)
    y = box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y, steps=steps)
    page.mouse.up()


def touch_drag(page, context, n, dx, steps=10):
    """A finger (Chromium's touch events, which the page gets as pointer events) drags row n."""
    box = row(page, n).bounding_box()
    x = box["x"] + (box["width"] - 30 if dx < 0 else 30)
    y = box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * i / steps, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def wait_offset(page, n, value):
    """Waits until row n is drawn at `value` with no animation left to play."""
    page.wait_for_function(
        """([n, value]) => {
            const el = document.querySelector('#table .row[data-row="' + n + '"]');
            return el && Number(el.dataset.offset) === value && !window.swipePlayground.animating(n);
        }""", arg=[n, value], timeout=TIMEOUT_MS)


def revealed_buttons(page, n):
    """Row n's buttons that are on screen and not covered by its content: [(id, title, colour)]."""
    return page.evaluate(
        """n => {
            const row = document.querySelector('#table .row[data-row="' + n + '"]');
            const content = row.querySelector('.content').getBoundingClientRect();
            const cell = row.getBoundingClientRect();
            return [...row.querySelectorAll('.buttons .button')].filter(b => {
                const r = b.getBoundingClientRect();
                const shown = getComputedStyle(b).visibility === 'visible' && r.width > 0;
                const uncovered = r.left >= content.right - 0.5 || r.right <= content.left + 0.5;
                const inside = r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5;
                return shown && uncovered && inside;
            }).map(b => [b.dataset.id, b.textContent, getComputedStyle(b).backgroundColor]);
        }""", n)


def logged_events(page):
    """The events the page's log shows, as their jsonl objects (without the printed `line`)."""
    return page.evaluate("""() => [...document.querySelectorAll('#log .event[data-json]')]
        .map(li => JSON.parse(li.dataset.json))""")


def shoot(page, args, path=None):
    os.makedirs(os.path.dirname(path or args.screenshot), exist_ok=True)
    page.screenshot(path=path or args.screenshot)
    if args.docs_screenshot and path is None:
        os.makedirs(os.path.join(ROOT, "docs", "images"), exist_ok=True)
        page.screenshot(path=os.path.join(ROOT, "docs", "images", "playground.png"))
    print("screenshot: " + (path or args.screenshot), flush=True)


def run_checks(page, args, server, plugin, original, binary, work, page_errors):
    """Every check of the page, in order (see the module's description)."""
    status, content_type, html = fetch(server.url)
    check(status == 200 and content_type.startswith("text/html") and 'id="table"' in html,
          "GET / serves the page", "%s %s" % (status, content_type))
    # Another site's page may not use the server (its Origin), nor a name of its own (its Host).
    port = server.url.rstrip("/").rsplit(":", 1)[1]
    for headers in ({"Origin": "http://evil.example"}, {"Host": "evil.example:" + port}):
        request = urllib.request.Request(server.url, headers=headers)
        try:
            urllib.request.urlopen(request, timeout=10)
            refused = None
        except urllib.error.HTTPError as error:
            refused = (error.code, error.read().decode())
        check(refused is not None and refused[0] == 403 and refused[1].startswith("refused: "),
              "a request with %s gets 403 and the reason" % json.dumps(headers), str(refused))
    page.goto(server.url)
    row(page, 3).wait_for()
    browser_a11y.audit(page, check, "at rest")
    hello = page.evaluate("() => window.swipePlayground.hello")
    count_before = int(page.get_attribute("#table", "data-row-count"))
    check(count_before == 15, "the page shows mail's 15 items", str(count_before))
    items_before = [row(page, n).get_attribute("data-item") for n in (3, 4)]
    check(items_before == ["Re: quarterly numbers", "Weekend hiking plan"], "rows 3 and 4 show their items",
          str(items_before))

    # 1. Drag row 3 left with the mouse: it opens.
    drag(page, 3, -200)
    page.locator('#log .event.open[data-row="3"]').wait_for()
    check(True, "the log shows the open of row 3")
    wait_offset(page, 3, -240)
    check(True, "row 3's content comes to rest 240 px left (three 80-px buttons)")
    browser_a11y.wait_announced(page, check, "row 3 opened")
    browser_a11y.audit(page, check, "with a row open")
    shown = revealed_buttons(page, 3)
    check(shown == [["trash", "Trash", "rgb(255, 59, 48)"], ["flag", "Flag", "rgb(255, 149, 0)"],
                    ["more", "More", "rgb(199, 199, 204)"]],
          "row 3 reveals Trash, Flag and More in their colours", json.dumps(shown))
    check(revealed_buttons(page, 2) == [], "row 2 reveals nothing")
    # The page draws only #rgb / #rrggbb colours, whatever reaches it (the server sends no other).
    colors = page.evaluate("""() => [
        {color: 'url(http://127.0.0.1:1/?x=secret) red', style: 'normal'}, {color: 'red', style: 'destructive'},
        {color: '#abc', style: 'normal'}, {color: '#FF9500', style: 'normal'}, {color: null, style: 'normal'}
      ].map(window.swipePlayground.buttonColor)""")
    check(colors == ["#8E8E93", "#FF3B30", "#abc", "#FF9500", "#8E8E93"],
          "the page draws a button only in a #rgb or #rrggbb colour, else its style's default", json.dumps(colors))
    # The panel shows the configuration of the row under the pointer.
    box = row(page, 3).bounding_box()
    page.mouse.move(box["x"] + 30, box["y"] + box["height"] / 2)
    page.locator('#config[data-config-row="3"]').wait_for()
    check("trash" in page.inner_text("#config"), "the panel shows row 3's configuration")

    # 2. Tap Trash: row 3 is deleted, the rows below move up.
    trash = row(page, 3).locator('.button[data-id="trash"]').bounding_box()
    page.mouse.click(trash["x"] + trash["width"] / 2, trash["y"] + trash["height"] / 2)
    page.locator('#log .event.delete[data-row="3"]').wait_for()
    page.wait_for_function("() => document.querySelector('#table').dataset.rowCount === '14'")
    check(True, "tapping Trash deletes row 3 (14 rows left)")
    check(row(page, 3).get_attribute("data-item") == "Weekend hiking plan", "row 4 moved up into row 3")

    # 2b. More presents a sheet; dismissing it with its button tells the session, whose `dismiss`
    # the log shows (and the recorded script replays, in 4). Row 3 is closed again after.
    drag(page, 3, -200)
    wait_offset(page, 3, -240)
    more = row(page, 3).locator('.button[data-id="more"]').bounding_box()
    page.mouse.click(more["x"] + more["width"] / 2, more["y"] + more["height"] / 2)
    page.locator("#sheet-backdrop:not([hidden])").wait_for()
    check(True, "tapping More presents the sheet")
    browser_a11y.audit(page, check, "with a sheet up")
    page.click("#sheet-dismiss")
    page.locator("#log .event.dismiss").wait_for()
    check(page.is_hidden("#sheet-backdrop"), "dismissing the sheet hides it and the session records a dismiss")
    drag(page, 3, 200)
    wait_offset(page, 3, 0)

    # 2c. The keyboard path to the accessibility actions: the table focused (Tab), ArrowDown to
    # row 3, A lists its actions (`actions 3`, recorded); ArrowDown twice to Flag, Enter runs it
    # (`activate 3 flag`): an action with "accessibility":true, the row never revealed.
    page.focus("#table")  # the keyboard's row starts at the first one on screen
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    check(row(page, 3).get_attribute("class").find("kbd-focus") >= 0, "ArrowDown focuses row 3")
    browser_a11y.check_keyboard_row(page, check, 3, "Weekend hiking plan",
                                    os.path.join(os.path.dirname(args.screenshot), "keyboard-focus.png"))
    page.keyboard.press("a")
    page.locator("#actions-menu:not([hidden]) button").first.wait_for()
    browser_a11y.audit(page, check, "with the actions menu open")
    labels = page.eval_on_selector_all("#actions-menu button", "els => els.map(e => e.textContent)")
    check(labels == ["Trash (trailing)", "Unread (leading)", "Flag (trailing)", "More (trailing)"],
          "A opens the row's actions in VoiceOver's order", json.dumps(labels))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('#log .event.action')).some(
            li => (li.dataset.json || '').indexOf('"accessibility":true') >= 0)""", timeout=TIMEOUT_MS)
    check(page.is_hidden("#actions-menu"), "running an action closes the menu")
    page.wait_for_function(
        """() => (document.querySelector('#table .row[data-row="3"]').dataset.item || '').indexOf('[flagged]') === 0""",
        timeout=TIMEOUT_MS)
    logged = [e for e in logged_events(page) if e.get("accessibility")]
    check([(e["event"], e["row"], e["button"]) for e in logged] == [("action", 3, "flag")],
          "Enter on Flag runs its action with \"accessibility\":true", json.dumps(logged))
    check(not any(e["event"] == "open" and e.get("t", 0) >= logged[0]["t"] for e in logged_events(page)),
          "the activated row is never opened")
    wait_offset(page, 3, 0)

    # 3. A broken save shows the banner; a good one reaches the page without a reload.
    page.evaluate("() => { window.__notReloaded = true; }")
    broken = original.replace('name = "mail",', 'name = "mail",\n  items = {', 1)
    with open(plugin, "w", encoding="utf-8") as f:
        f.write(broken)
    page.locator("#banner:not([hidden])").wait_for()
    banner = page.inner_text("#banner-text")
    eof = broken.count("\n") + 1  # Lua names the line after the last newline
    check(banner.startswith("mail.lua:") and ":%d: '}' expected" % eof in banner,
          "a broken save shows the error with its file and line", banner)
    check(row(page, 3).locator('.button[data-id="trash"]').text_content() == "Trash",
          "the old plugin stays in charge")
    with open(plugin, "w", encoding="utf-8") as f:
        f.write(original.replace('title = "Trash"', 'title = "Bin"'))
    page.wait_for_function(
        "() => { const b = document.querySelector('#table .row[data-row=\"3\"] .button[data-id=\"trash\"]');"
        " return b && b.textContent === 'Bin'; }")
    check(page.is_hidden("#banner"), "a good save hides the banner")
    check(page.evaluate("() => window.__notReloaded === true"), "the new title shows without reloading the page")
    check(page.inner_text("#notice") == "Plugin reloaded", "the page says the plugin reloaded")

    # 4. Download the recorded script and spec; replay the script with `run`.
    page.mouse.move(10, 10)
    events = logged_events(page)
    names = [e["event"] for e in events]
    check(names[:3] == ["open", "action", "delete"], "the log shows open, action, delete", str(names))
    check(page.get_attribute("#download-script", "href") == hello["script"], "the page links the script")
    check(page.get_attribute("#download-spec", "href") == hello["spec"], "the page links the spec")
    base = server.url.rstrip("/")
    status, content_type, script = fetch(base + hello["script"])
    check(status == 200 and content_type.startswith("text/plain"), "GET the script", content_type)
    script_path = os.path.join(work, "recorded.swipe")
    with open(script_path, "w", encoding="utf-8") as f:
        f.write(script)
    # Every event the page showed came before the save of step 3 (`# reload` ends the script), so
    # the replay runs the plugin as it was then: row 3's `actions` event carries its labels
    # ("Trash", not the saved "Bin"). A copy in its own folder, for the server not to reload.
    os.makedirs(os.path.join(work, "as-recorded"), exist_ok=True)
    with open(os.path.join(work, "as-recorded", "mail.lua"), "w", encoding="utf-8") as f:
        f.write(original)
    replay = subprocess.run([binary, "run", script_path, "--plugin", os.path.join("as-recorded", "mail.lua"),
                             "--format", "jsonl"], cwd=work, capture_output=True, text=True, timeout=60)
    check(replay.returncode == 0, "swipehost run replays the script", replay.stderr)
    replayed = [json.loads(line) for line in replay.stdout.splitlines() if line.strip()]
    replayed = [e for e in replayed if e.get("event") != "state"]
    seen = [e for e in events if e.get("event") != "reload"]
    check(replayed == seen, "the replay prints exactly the events the page showed",
          "\npage:   %s\nreplay: %s\nscript:\n%s" % (json.dumps(seen), json.dumps(replayed), script))
    status, content_type, spec = fetch(base + hello["spec"])
    check(status == 200 and 'require("swipe")' in spec, "GET the spec")
    # Beside the plugin as recorded, as the replay above.
    recorded = os.path.join(work, "as-recorded")
    spec_path = os.path.join(recorded, "recorded_spec.lua")
    with open(spec_path, "w", encoding="utf-8") as f:
        f.write(spec)
    spec_run = subprocess.run([binary, "test", spec_path], cwd=recorded, capture_output=True, text=True, timeout=60)
    check(spec_run.returncode == 0, "the recorded spec passes under swipehost test",
          spec_run.stdout + spec_run.stderr)
    if os.path.exists("/usr/bin/busted"):
        # Debian's busted, run by swipehost's Lua (which provides require("swipe")), as the
        # test command runs the shipped specs.
        busted_run = subprocess.run([binary, "lua", "/usr/bin/busted", spec_path], cwd=recorded,
                                    capture_output=True, text=True, timeout=60)
        check(busted_run.returncode == 0, "the recorded spec passes under Debian's busted",
              busted_run.stdout + busted_run.stderr)

    # The screenshot: the plugin as shipped again, row 2 open on its leading edge (Unread)
    # and row 4 on its trailing one (the new row 3 stays closed), row 4's configuration.
    with open(plugin, "w", encoding="utf-8") as f:
        f.write(original)
    page.wait_for_function(
        "() => { const b = document.querySelector('#table .row[data-row=\"3\"] .button[data-id=\"trash\"]');"
        " return b && b.textContent === 'Trash'; }")
    drag(page, 2, 120)
    wait_offset(page, 2, 80)
    check([b[0] for b in revealed_buttons(page, 2)] == ["unread"], "dragging row 2 right reveals Unread")
    drag(page, 4, -200)
    wait_offset(page, 4, -240)
    box = row(page, 4).bounding_box()
    page.mouse.move(box["x"] + 40, box["y"] + box["height"] / 2)
    page.locator('#config[data-config-row="4"]').wait_for()
    page.wait_for_timeout(1000)  # the newest log lines' highlight fades
    page.locator("#notice").wait_for(state="hidden")
    shoot(page, args)

    # 5. A second page is a session of its own: all 15 items, its own log; a touch drag opens a row.
    logged = len(logged_events(page))
    context = page.context.browser.new_context(viewport={"width": 1180, "height": 780}, has_touch=True)
    touch_page = context.new_page()
    touch_page.on("pageerror", lambda e: page_errors.append(str(e)))
    touch_page.goto(server.url)
    row(touch_page, 3).wait_for()
    check(touch_page.get_attribute("#table", "data-row-count") == "15", "a second page has its own session (15 rows)")
    touch_drag(touch_page, context, 3, -200)
    touch_page.locator('#log .event.open[data-row="3"]').wait_for()
    wait_offset(touch_page, 3, -240)
    check(touch_page.locator("#log .event").count() == 1, "a touch drag opens row 3 on the second page")
    check(len(logged_events(page)) == logged, "the first page saw none of it")
    box = row(touch_page, 6).bounding_box()
    touch_page.mouse.move(box["x"] + 100, box["y"] + 10)
    touch_page.mouse.wheel(0, 88)
    touch_page.wait_for_function("() => document.querySelector('#table').dataset.contentOffset === '88'")
    top = touch_page.evaluate("() => document.querySelector('#table .row[data-row=\"3\"]').getBoundingClientRect().top"
                              " - document.querySelector('#table').getBoundingClientRect().top")
    check(top == 0, "the wheel scrolls the table by two rows (row 3 at the top)", str(top))
    context.close()

    check(page_errors == [], "the page logged no error", "\n".join(page_errors))


# The core's drawn offset of a row at virtual instants: the recorded script replayed up to the
# release (`pan ROW end`), then the clock run to each instant, in a fresh table each time.
CORE_OFFSETS_LUA = r"""
local swipe = require("swipe")
local script, row = ...
local out = {}
for i = 3, select("#", ...) do
  local at = tonumber((select(i, ...)))
  local t = swipe.table{ plugins = { "mail.lua" }, preset = "mail" }
  t:run(script)
  t:wait(math.max(0, at - t:now()))
  -- `drawn` is a right constant (docs/appearance.md): the page's offset is minus it.
  out[#out + 1] = string.format("%.6f", -t:cell(tonumber(row)).drawn)
end
print(table.concat(out, " "))
"""


def check_spring_settle(binary, work, browser):
    """7. The page draws a spring settle within 0.5 px of the core at several instants."""
    server = Server(binary, "mail.lua", work, ["--preset", "mail"])
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 780})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        row(page, 5).wait_for()
        hello = page.evaluate("() => window.swipePlayground.hello")
        check(hello.get("protocol") == 2 and hello.get("preset") == "mail", "the second server speaks protocol 2 under --preset mail",
              json.dumps(hello))
        # A slow drag let go short of opening: the spring settles the row open or closed.
        drag(page, 5, -110, steps=12)
        page.wait_for_function("() => window.swipePlayground.pathOf(5) !== null")
        # At once, in one turn of the page's loop (no frame can arrive in between): the drawn
        # offset at instants across the path, each the content's transform in the DOM.
        drawn = page.evaluate("""() => {
            const sp = window.swipePlayground, p = sp.pathOf(5);
            const end = p.start + p.at[p.at.length - 1];
            const content = document.querySelector('#table .row[data-row="5"] .content');
            const out = [];
            for (const f of [0, 0.03, 0.1, 0.21, 0.37, 0.5, 0.66, 0.83, 1]) {
              const t = Math.round((p.start + (end - p.start) * f) * 1000) / 1000;
              sp.freeze(t);
              const transform = getComputedStyle(content).transform;
              out.push([t, transform === 'none' ? 0 : new DOMMatrixReadOnly(transform).m41]);
            }
            sp.freeze(null);
            return { start: p.start, end: end, knots: p.at.length, drawn: out };
        }""")
        check(drawn["end"] - drawn["start"] > 100, "the spring settle runs over 100 ms",
              json.dumps(drawn))
        status, _, script = fetch(server.url.rstrip("/") + hello["script"])
        lines = script.splitlines()
        release = max(i for i, line in enumerate(lines) if line.startswith("pan 5 end"))
        script = "\n".join(lines[:release + 1]) + "\n"
        lua_path = os.path.join(work, "core_offsets.lua")
        with open(lua_path, "w", encoding="utf-8") as f:
            f.write(CORE_OFFSETS_LUA)
        instants = [t for t, _ in drawn["drawn"]]
        core = subprocess.run(
            [binary, "lua", lua_path, script, "5"] + [repr(t) for t in instants],
            cwd=work, capture_output=True, text=True, timeout=60)
        check(core.returncode == 0, "the core's offsets at those instants, from the recorded script",
              core.stdout + core.stderr)
        expected = [float(x) for x in core.stdout.split()]
        worst = max(abs(d - e) for (_, d), e in zip(drawn["drawn"], expected))
        check(len(expected) == len(instants) and worst <= 0.5,
              "the page draws the spring settle within 0.5 px of the core at %d instants (%d knots; worst %.3f px)"
              % (len(instants), drawn["knots"], worst),
              "\npage: %s\ncore: %s" % (json.dumps(drawn["drawn"]), expected))
        page.close()
    finally:
        server.stop(signal.SIGINT)


CORE_FRAMES_LUA = r"""
local swipe = require("swipe")
local row, reveal = tonumber((...)), tonumber((select(2, ...)))
local t = swipe.table{ plugins = { "transitions.lua" } }
t:run(("pan %d begin\npan %d move %s"):format(row, row, -reveal))
local out = {}
for _, button in ipairs(t:cell(row).buttons) do out[#out + 1] = string.format("%.6f", button.x) end
print(table.concat(out, " "))
"""


def check_border_layout(binary, work, browser):
    """8. A `border` row dragged halfway: each button's x in the DOM is the core's frame."""
    shutil.copyfile(os.path.join(ROOT, "plugins", "transitions.lua"), os.path.join(work, "transitions.lua"))
    server = Server(binary, "transitions.lua", work)
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 780})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        row(page, 3).wait_for()
        box = row(page, 3).bounding_box()
        x, y = box["x"] + box["width"] - 30, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 120, y, steps=12)  # held: half of the 240 points of buttons
        page.wait_for_function(
            "() => Math.abs(Number(document.querySelector('#table .row[data-row=\"3\"]').dataset.offset) + 120) < 0.01")
        seen = page.evaluate("""() => {
            const r = document.querySelector('#table .row[data-row="3"]');
            const left = r.getBoundingClientRect().left;
            const draw = window.swipePlayground.drawOf(3);
            return { offset: Number(r.dataset.offset), x: Array.from(r.querySelectorAll('.buttons.right .button'))
              .map(b => b.getBoundingClientRect().left - left), frame: draw && draw.right.map(f => f[0]),
              knots: !!(draw && draw.at) };
        }""")
        page.mouse.up()
        # The frame's own numbers: the page places each button at the x it is sent (no knots
        # while the finger holds still), and computes none.
        frame = seen["frame"] or []
        worst_frame = max(abs(a - b) for a, b in zip(seen["x"], frame)) if len(frame) == 3 else 1e9
        check(not seen["knots"] and worst_frame <= 0.01,
              "a border row dragged halfway: each button's x read from the DOM equals the frame's (worst %.3f px)"
              % worst_frame, "\npage: %s" % json.dumps(seen))
        lua_path = os.path.join(work, "core_frames.lua")
        with open(lua_path, "w", encoding="utf-8") as f:
            f.write(CORE_FRAMES_LUA)
        core = subprocess.run([binary, "lua", lua_path, "3", repr(-seen["offset"])], cwd=work,
                              capture_output=True, text=True, timeout=60)
        check(core.returncode == 0, "the core's frames of the border row", core.stdout + core.stderr)
        expected = [float(v) for v in core.stdout.split()]
        worst = max(abs(a - b) for a, b in zip(seen["x"], expected)) if expected else 1e9
        check(len(seen["x"]) == len(expected) == 3 and worst <= 0.5,
              "a border row dragged halfway: each button's x in the DOM is the core's frame (worst %.3f px)" % worst,
              "\npage: %s\ncore: %s" % (json.dumps(seen), expected))
        page.close()
    finally:
        server.stop(signal.SIGINT)


FILLED_LUA = r"""
return { name = "filled", configure = function(row) return {
  trailing = { transition = "border", buttons = {
    { id = "trash", title = "Trash", width = 80, style = "destructive" },
    { id = "flag", title = "Flag", width = 80 } },
    full_swipe = { completion = "manual", threshold = 200 } },
} end, on_action = function(ctx) end }
"""


IDS_LUA = r"""
return { name = "ids",
  items = { { id = "m1", title = "Lunch?" }, "Plain row", { id = "m3", title = "Invoice", pinned = true } },
  configure = function(row) return { buttons = { { id = "trash", title = "Trash", width = 80 } } } end,
  on_action = function(ctx) end }
"""


def check_row_ids(binary, work, browser):
    """10. Rows whose items are tables show their ids; the keyboard and the recorder name them."""
    with open(os.path.join(work, "ids.lua"), "w", encoding="utf-8") as f:
        f.write(IDS_LUA)
    server = Server(binary, "ids.lua", work)
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 780})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        row(page, 3).wait_for()
        shown = page.evaluate("""() => [1, 2, 3].map(n => {
            const r = document.querySelector('#table .row[data-row="' + n + '"]');
            const label = r.querySelector('.rowid');
            return [r.dataset.id || null, label.hidden ? '' : label.textContent, r.title];
        })""")
        check(shown == [["m1", "#m1", "row id #m1"], [None, "", ""], ["m3", "#m3", "row id #m3"]],
              "rows whose items are tables show their ids; a string row shows none", json.dumps(shown))
        page.focus("#table")  # the keyboard's row starts at the first one on screen
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        label = row(page, 3).get_attribute("aria-label") or ""
        check(label.startswith("row 3 (#m3): Invoice"), "the keyboard's row is named by its id", label)
        page.keyboard.press("Escape")
        drag(page, 3, -120)
        page.locator("#log .event.open").wait_for()
        hello = page.evaluate("() => window.swipePlayground.hello")
        status, _, script = fetch(server.url.rstrip("/") + hello["script"])
        check(status == 200 and "#m3" in script, "the recorded script names the dragged row by its id (#m3)", script)
        page.close()
    finally:
        server.stop(signal.SIGINT)


def channel_at(draw, values, t):
    """A `draw` channel at virtual time t (docs/playground.md, "DRAW"): a number, or one value
    per knot drawn as the straight line between the knots around t."""
    if not isinstance(values, list):
        return values
    at = [draw["start"] + a for a in draw["at"]]
    if t <= at[0]:
        return values[0]
    if t >= at[-1]:
        return values[-1]
    i = max(k for k in range(len(at)) if at[k] <= t)
    f = (t - at[i]) / (at[i + 1] - at[i])
    return values[i] + (values[i + 1] - values[i]) * f


def check_filled_grow(binary, work, browser):
    """9. A full swipe armed and held: the filled button grows over the others to the revealed
    width, drawn in the DOM where the frame's `draw` puts it at each instant."""
    with open(os.path.join(work, "filled.lua"), "w", encoding="utf-8") as f:
        f.write(FILLED_LUA)
    server = Server(binary, "filled.lua", work)
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 780})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(server.url)
        row(page, 2).wait_for()
        box = row(page, 2).bounding_box()
        x, y = box["x"] + box["width"] - 20, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 260, y, steps=10)  # past the 200-point threshold, held
        page.wait_for_function("() => { const d = window.swipePlayground.drawOf(2); return !!(d && d.filled); }")
        page.wait_for_timeout(300)
        draw = page.evaluate("() => window.swipePlayground.drawOf(2)")
        start = draw.get("start", page.evaluate("() => window.swipePlayground.frame.t"))
        instants = [start, start + 40, start + 100, start + 200, start + 1000]
        worst = 0.0
        seen = []
        for t in instants:
            dom = page.evaluate("""t => {
                window.swipePlayground.freeze(t);
                const r = document.querySelector('#table .row[data-row="2"]');
                const f = r.querySelector('.filled');
                const a = r.getBoundingClientRect(), b = f.getBoundingClientRect();
                return { hidden: f.hidden, x: b.left - a.left, w: b.width, offset: Number(r.dataset.offset),
                         width: a.width };
            }""", t)
            fx = channel_at(draw, draw["filled"]["x"], t)
            fw = channel_at(draw, draw["filled"]["w"], t)
            seen.append((t, dom, fx, fw))
            worst = max(worst, abs(dom["x"] - fx), abs(dom["w"] - fw)) if not dom["hidden"] else 1e9
        page.evaluate("() => window.swipePlayground.freeze(null)")
        page.mouse.up()
        check(draw["filled"]["side"] == "right" and worst <= 0.5,
              "a full swipe held: the filled button's x and width in the DOM are the frame's at %d instants of its grow "
              "(worst %.3f px)" % (len(instants), worst), "\n%s\n%s" % (json.dumps(draw), seen))
        last = seen[-1][1]
        check(abs(last["w"] + last["offset"]) <= 0.5 and abs(last["x"] - (last["width"] + last["offset"])) <= 0.5,
              "the grown filled button covers the whole revealed width (%.2f px at offset %.2f)"
              % (last["w"], last["offset"]), json.dumps(last))
        page.close()
    finally:
        server.stop(signal.SIGINT)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the swipehost binary")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--screenshot", default=os.path.join(ROOT, ".artifacts", "playground.png"))
    parser.add_argument("--docs-screenshot", action="store_true", help="also write docs/images/playground.png")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)

    work = tempfile.mkdtemp(prefix="swipehost-browser-")
    plugin = os.path.join(work, "mail.lua")
    shutil.copyfile(os.path.join(ROOT, "plugins", "mail.lua"), plugin)
    original = open(plugin, encoding="utf-8").read()

    server = Server(binary, "mail.lua", work)  # relative: the page and its messages say mail.lua
    page_errors = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1180, "height": 780}, accept_downloads=True)
            page.on("pageerror", lambda e: page_errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and page_errors.append(m.text))
            page.set_default_timeout(TIMEOUT_MS)
            failure_shot = os.path.join(os.path.dirname(args.screenshot), "playground-failure.png")
            try:
                run_checks(page, args, server, plugin, original, binary, work, page_errors)
                check_spring_settle(binary, work, browser)
                check_border_layout(binary, work, browser)
                check_filled_grow(binary, work, browser)
                check_row_ids(binary, work, browser)
                browser_a11y.check_config_panel(binary, work, browser, check, Server, row,
                                                lambda s: s.stop(signal.SIGINT))
            except BaseException:
                try:
                    shoot(page, args, failure_shot)
                except Exception:
                    pass
                raise
            browser.close()


        # 6. SIGINT: a clean shutdown.
        status = server.stop(signal.SIGINT)
        check(status == 0, "SIGINT stops the server with status 0", str(status))
    except BaseException:
        server.stop(signal.SIGKILL)
        sys.stderr.write("server output:\n" + "".join(server.stderr) + "\n")
        sys.stderr.write("kept " + work + "\n")
        raise
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    print("browser: %d passed, 0 failed" % passed)


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # a failed check, or Playwright's timeout waiting for one
        print("FAIL - %s: %s" % (type(error).__name__, error), file=sys.stderr)
        print("browser: %d passed, 1 failed" % passed)
        sys.exit(1)
