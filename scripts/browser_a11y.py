"""The playground page for keyboards and screen readers, and its configuration panel: checks
that scripts/browser_test.py runs (imported from it; `check` is its own).

- axe-core (from PyPI's axe-playwright-python) over the page in a given state: no serious or
  critical violation;
- the keyboard's row: the table's aria-activedescendant names it by an id no other element has,
  it alone is aria-selected, and its ring is drawn above the content (a screenshot of the
  device is saved beside the main one);
- the events are said in the polite live region;
- the panel: the presets the rows pick, `enabled`, `duration` in seconds, a full swipe's button
  by its id.
"""

import json
import os

from axe_playwright_python.sync_playwright import Axe

_AXE = Axe()


def audit(page, check, state):
    """axe-core over the page as it is now: no violation of impact serious or critical. Once
    the page's CSS animations (a new log line's flash, the sheet rising) are over: axe measures
    the colours of the moment."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    violations = _AXE.run(page).response["violations"]
    bad = [v for v in violations if v.get("impact") in ("serious", "critical")]
    detail = "\n".join("%s (%s): %s at %s" % (v["id"], v["impact"], v["help"],
                                               json.dumps([n["target"] for n in v["nodes"][:4]]))
                       for v in bad)
    check(bad == [], "axe-core finds no serious or critical violation %s" % state, detail)


KEYBOARD_STATE = """() => {
  const table = document.querySelector('#table');
  const id = table.getAttribute('aria-activedescendant');
  const row = id ? document.getElementById(id) : null;
  const ring = row ? getComputedStyle(row, '::after') : null;
  const content = row ? getComputedStyle(row.querySelector('.content')) : null;
  return {
    id: id,
    row: row ? row.dataset.row : null,
    sharing: id ? document.querySelectorAll('[id="' + id + '"]').length : 0,
    selected: Array.from(table.querySelectorAll('[aria-selected="true"]')).map(e => e.dataset.row),
    ids: Array.from(table.querySelectorAll('.row:not(.collapsing)')).map(e => [e.id, e.dataset.row]),
    ring: ring ? ring.boxShadow : null,
    ringAbove: ring && content ? Number(ring.zIndex) > Number(content.zIndex) : false,
    label: row ? row.getAttribute('aria-label') : null,
  };
}"""


def check_keyboard_row(page, check, n, item, shot):
    """The keyboard's row is row `n` for a screen reader and for the eye."""
    state = page.evaluate(KEYBOARD_STATE)
    check(state["id"] == "row-%d" % n and state["row"] == str(n) and state["sharing"] == 1,
          "aria-activedescendant names row %d by an id no other element has" % n, json.dumps(state))
    check(state["selected"] == [str(n)], "row %d alone is aria-selected" % n, json.dumps(state["selected"]))
    check(all(i == "row-" + r for i, r in state["ids"]) and len({i for i, _ in state["ids"]}) == len(state["ids"]),
          "each row on screen has an id of its own (row-N)", json.dumps(state["ids"]))
    check(state["label"] == "row %d: %s" % (n, item), "the row is labelled for a screen reader", str(state["label"]))
    check(state["ring"] not in (None, "none") and "inset" in state["ring"] and state["ringAbove"],
          "the keyboard's ring is drawn above the row's content", json.dumps(state))
    page.locator("#device").screenshot(path=shot)
    print("screenshot: " + shot, flush=True)


def wait_announced(page, check, text):
    """`text` is in the polite live region."""
    page.wait_for_function(
        "(text) => document.querySelector('#announcer').textContent.indexOf(text) >= 0", arg=text)
    region = page.evaluate(
        "() => { const a = document.querySelector('#announcer'); return [a.getAttribute('aria-live'), a.textContent]; }")
    check(region[0] == "polite", "the live region announces '%s'" % text, json.dumps(region))


PRESETS_LUA = r"""
return { name = "presets", configure = function(row)
  if row.index % 2 == 1 then
    return { preset = "mail", leading = { enabled = false },
      buttons = { { id = "trash", title = "Trash", width = 80 }, { id = "flag", title = "Flag", width = 80 } } }
  end
  return { duration = 0.25, buttons = { { id = "one", title = "One", width = 80 } } }
end }
"""

PANEL_PAIRS = """() => Array.from(document.querySelectorAll('#config td.key')).map(k => {
  const value = k.nextElementSibling;
  return [k.textContent, value ? value.textContent : null];
})"""


def check_config_panel(binary, work, browser, check, server_class, row, stop):
    """11. The panel: the row's preset and `enabled`, `duration` in seconds, the full swipe's
    button by its id; the header names the presets the rows pick."""
    with open(os.path.join(work, "presets.lua"), "w", encoding="utf-8") as f:
        f.write(PRESETS_LUA)
    server = server_class(binary, "presets.lua", work)
    try:
        page = browser.new_page(viewport={"width": 1180, "height": 780})
        page.goto(server.url)
        row(page, 3).wait_for()
        page.wait_for_function("() => document.querySelector('#session-info').textContent.indexOf('presets') >= 0")
        info = page.inner_text("#session-info")
        check("presets mail, tutorial (rows pick their own)" in info and "preset tutorial" not in info,
              "the header names the presets the rows pick, not 'preset tutorial'", info)
        shown = {}
        for n in (1, 2):
            box = row(page, n).bounding_box()
            page.mouse.move(box["x"] + 30, box["y"] + box["height"] / 2)
            page.locator('#config[data-config-row="%d"]' % n).wait_for()
            shown[n] = page.evaluate(PANEL_PAIRS)
        pairs = [tuple(p) for p in shown[1]]
        check(("preset", "mail") in pairs and ("enabled", "false") in pairs and ("enabled", "true") in pairs
              and ("duration", "0.1") in pairs and ("button", "trash") in pairs,
              "row 1's panel shows preset mail, each edge's enabled, duration 0.1 and the full swipe's button trash",
              json.dumps(shown[1]))
        pairs = [tuple(p) for p in shown[2]]
        check(("preset", "tutorial") in pairs and ("duration", "0.25") in pairs,
              "row 2's panel shows preset tutorial and duration 0.25 (seconds, as the key is)", json.dumps(shown[2]))
        page.close()
    finally:
        stop(server)
