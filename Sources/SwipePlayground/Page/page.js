// SwipeHost playground page. Plain JavaScript, no build step; served as /page.js.
//
// The server is the only source of truth. This page:
//   - sends pointer (mouse and touch, through the Pointer Events API) and wheel input over the
//     WebSocket at /ws, timestamped in milliseconds since the page connected;
//   - draws each frame it receives: the visible rows at their y, each row's buttons behind its
//     content, the content slid by the row's offset, animated at display rate from the row's
//     `path` knots (linear interpolation between them, then the last one held), each button and
//     the filled one at the x and width of the row's `draw` (the core's geometry, at one instant
//     or as knots in time, interpolated the same way); a frame sends only what changed since
//     the last one (protocol 2: docs/playground.md, "Frames");
//   - logs the frame's events, shows a presented sheet, the configuration of the row under the
//     pointer, and a banner while a reload has failed.
// It computes no swipe behaviour and no geometry of its own: no thresholds, no hit-testing of
// buttons, no layout of buttons (every x and width is the server's).
(function () {
  'use strict';

  var $ = function (id) { return document.getElementById(id); };
  var table = $('table');
  var log = $('log');

  // The host's event names (TraceEvent.Kind, which ctx:emit refuses; PageEventNamesTests
  // keeps the two lists equal): only these are styled as the host's.
  var KNOWN_EVENTS = {
    open: 1, close: 1, action: 1, expand: 1, collapse: 1, delete: 1, insert: 1, update: 1, move: 1,
    present: 1, dismiss: 1, actions: 1, begin: 1, will_open: 1, will_close: 1, log: 1, plugin_error: 1, plugin_warning: 1, reload: 1, state: 1
  };
  var DEFAULT_COLORS = { destructive: '#FF3B30', normal: '#8E8E93' };
  var HEX_COLOR = /^#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;
  var MAX_LOG = 2000;         // the log keeps the newest lines

  var ws = null;
  var t0 = 0;                 // performance.now() when the socket opened
  var lastSentT = 0;          // the times sent never go backwards
  var hello = null;
  var frame = null;           // the last frame received
  var rowViews = new Map();   // row number -> { el, content, right, left, filled, data, sig }
  var looks = new Map();      // look number -> { right, left, filled, config } (the frames' `looks`)
  var pointers = new Map();   // pointerId -> true while a pointer is down on the table
  var hoverRow = null;        // the row number under the pointer (for the panel)
  var configShown = null;     // what the panel shows now (row + JSON), to redraw only on change
  var presetsSeen = new Set(); // the presets of the rows' configurations seen (the header names them)
  var presetHeader = null;    // the header's preset label and value
  var rafPending = false;
  var frozenAt = null;        // a virtual time to draw at instead of the clock (tests: freeze)
  var frames = 0;

  // ---------------------------------------------------------------- time

  /** Milliseconds since the page connected, from a performance.now()-based timestamp. */
  function sinceConnect(stamp) {
    var now = performance.now();
    // An event's timeStamp is on performance.now()'s clock; a synthetic one may carry 0.
    if (!(stamp > 0) || Math.abs(now - stamp) > 10000) stamp = now;
    var t = stamp - t0;
    if (!(t >= lastSentT)) t = lastSentT;   // also catches NaN
    lastSentT = t;
    return Math.round(t * 1000) / 1000;
  }

  /** The virtual time to draw at: the page's clock, never before the last frame's time. */
  function drawTime() {
    if (frozenAt !== null) return frozenAt;
    var t = performance.now() - t0;
    if (frame && frame.t > t) t = frame.t;
    return t;
  }

  // ---------------------------------------------------------------- the socket

  function connect() {
    var scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(scheme + '//' + location.host + '/ws');
    ws.addEventListener('open', function () {
      t0 = performance.now();
      lastSentT = 0;
      document.body.dataset.connected = 'true';
    });
    ws.addEventListener('message', function (m) {
      var msg;
      try { msg = JSON.parse(m.data); } catch (e) {
        logLocal('error', 'the server sent a message that is not JSON: ' + String(m.data).slice(0, 200));
        return;
      }
      receive(msg);
    });
    ws.addEventListener('close', function (e) {
      document.body.dataset.connected = 'false';
      var box = $('disconnected');
      // 1001 (idle) and 1008 (too far behind, too many sessions): the server runs on; a
      // reload gets a new session. Otherwise it may have stopped.
      var serverRuns = e.code === 1001 || e.code === 1008;
      box.textContent = 'Disconnected from the server' + (e.reason ? ': ' + e.reason : '') +
        (serverRuns ? '. Reload this page for a new session.' : '. Start `swipehost serve` again and reload this page.');
      box.hidden = false;
    });
  }

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function receive(msg) {
    switch (msg.type) {
      case 'hello': onHello(msg); break;
      case 'frame': onFrame(msg); break;
      case 'reload': onReload(msg); break;
      case 'error': logLocal('error', msg.message || 'error'); break;
      default: logLocal('error', 'unknown message type from the server: ' + msg.type);
    }
  }

  // ---------------------------------------------------------------- hello

  function pluginName(p) {
    if (p === null || p === undefined) return '';
    if (typeof p === 'string') return p;
    return p.name || p.file || JSON.stringify(p);
  }

  /** A plugin's short name for the title: `plugins/mail.lua` -> `mail`, `plugins/x/init.lua` -> `x`. */
  function shortName(path) {
    var parts = path.split('/').filter(Boolean);
    var last = parts.pop() || path;
    if (last === 'init.lua' && parts.length) last = parts.pop();
    return last.replace(/\.lua$/, '');
  }

  function onHello(h) {
    hello = h;
    document.body.dataset.session = h.session;
    table.style.width = h.width + 'px';
    table.style.height = h.viewport + 'px';
    table.classList.toggle('rtl', h.direction === 'rtl');
    var names = (h.plugins || []).map(pluginName).filter(Boolean);
    $('nav-title').textContent = names.length ? names.map(shortName).join(' + ') : 'tutorial';
    $('device').style.width = (h.width + 20) + 'px';   // the table view and the phone's 10-px frame
    var info = $('session-info');
    info.textContent = '';
    var parts = [
      ['session', h.session], ['plugins', names.length ? names.join(', ') : '(none: the tutorial\u2019s cell)'],
      ['preset', h.preset || 'tutorial'], ['direction', h.direction || 'ltr']
    ];
    presetsSeen = new Set();
    parts.forEach(function (p, i) {
      if (i) info.appendChild(document.createTextNode(' \u00b7 '));
      var label = document.createTextNode(p[0] + ' ');
      info.appendChild(label);
      var b = document.createElement('b');
      b.textContent = p[1];
      info.appendChild(b);
      if (p[0] === 'preset') presetHeader = { label: label, value: b };
    });
    setDownload($('download-script'), h.script, 'session-' + h.session + '.swipe');
    setDownload($('download-spec'), h.spec, 'session-' + h.session + '_spec.lua');
    setRowCount(h.rows);
  }

  /** The header names one preset while every row seen follows the session's (`--preset`), and
   *  the presets seen once rows pick their own (a `preset` key in `configure`). */
  function notePreset(name) {
    if (presetsSeen.has(name)) return;
    presetsSeen.add(name);
    if (!presetHeader || !hello) return;
    var names = Array.from(presetsSeen);
    var only = names.length === 1 && names[0] === (hello.preset || 'tutorial');
    presetHeader.label.textContent = only ? 'preset ' : 'presets ';
    presetHeader.value.textContent = only ? names[0] : names.sort().join(', ') + ' (rows pick their own)';
  }

  function setDownload(a, url, name) {
    if (url) { a.href = url; a.setAttribute('download', name); a.hidden = false; } else { a.hidden = true; }
  }

  function setRowCount(n) {
    if (typeof n !== 'number') return;
    table.dataset.rowCount = String(n);
    $('row-count').textContent = n + (n === 1 ? ' row' : ' rows');
  }

  // ---------------------------------------------------------------- frames

  /** A frame (protocol 2, docs/playground.md "Frames"): the rows in `visible` that it does not
   *  list are as the last frame left them; a listed row brings only the fields that changed (a
   *  row new to the page: offset 0, path null and the look of the row above unless given); a
   *  key frame lists every visible row and defines every look it uses. */
  function onFrame(f) {
    frame = f;
    frames += 1;
    document.body.dataset.frames = String(frames);
    setRowCount(f.rowCount);
    table.dataset.contentOffset = String(f.contentOffset);
    if (f.key) {
      looks.clear();
      rowViews.forEach(function (v) { v.sig = null; });   // look numbers start again
    }
    Object.keys(f.looks || {}).forEach(function (k) {
      looks.set(Number(k), f.looks[k]);
      var config = f.looks[k] && f.looks[k].config;
      if (config && typeof config.preset === 'string') notePreset(config.preset);
    });
    var listed = new Map();
    (f.rows || []).forEach(function (r) { listed.set(r.row, r); });
    var editing = new Set(f.editing || []);
    var range = f.visible || [1, 0];
    var rowHeight = hello ? hello.rowHeight : 44;
    var lookAbove = null;
    for (var n = range[0]; n <= range[1]; n++) {
      var r = listed.get(n);
      var v = rowViews.get(n);
      var had = v && v.data && !f.key ? v.data : null;
      if (!r && !had) { logLocal('error', 'the frame at ' + f.t + ' ms neither sends nor keeps row ' + n); continue; }
      var data = had ? Object.assign({}, had) : { row: n, offset: 0, path: null, look: lookAbove, draw: null };
      if (r) Object.keys(r).forEach(function (k) { data[k] = r[k]; });
      var look = looks.get(data.look) || { right: [], left: [], filled: null, config: null };
      data.right = look.right; data.left = look.left; data.filled = look.filled; data.config = look.config;
      data.order = look.order || null;
      // A row new to the page starts from its look's `rest` drawing (a closed cell's).
      if (!data.draw) data.draw = look.rest || null;
      lookAbove = data.look;
      if (!v) {
        v = makeRow(n);
        // An option of the table's listbox, with an id of its own for aria-activedescendant.
        v.el.id = 'row-' + n;
        v.el.setAttribute('role', 'option');
        v.el.setAttribute('aria-selected', 'false');
        rowViews.set(n, v);
        table.appendChild(v.el);
      }
      v.data = data;
      v.el.style.top = data.y + 'px';
      v.el.style.height = rowHeight + 'px';
      drawRowMotion(v.el, data, rowHeight);
      v.el.classList.toggle('open', editing.has(n));
      var sig = JSON.stringify([data.item, data.look, data.id || null]);
      if (sig !== v.sig) { v.sig = sig; fillRow(v, data); }
    }
    rowViews.forEach(function (v, n) {
      if (n < range[0] || n > range[1]) { v.el.remove(); rowViews.delete(n); }
    });
    drawCollapsing(f.collapsing || [], rowHeight);
    if (kbdRow !== null) markKbdRow();   // the keyboard's row may have left the screen
    (f.events || []).forEach(logEvent);
    announce(f.events || []);
    drawOffsets();
    updateConfigPanel();
  }

  // ---------------------------------------------------------------- row animations

  /** A row animation's height, opacity and sideways shift, as the frame gives them
   *  (`row_animation`, docs/appearance.md "Row animations"); none: the row as it rests. */
  function drawRowMotion(el, data, rowHeight) {
    var h = typeof data.h === 'number' ? data.h : rowHeight;
    el.style.height = h + 'px';
    el.style.opacity = typeof data.opacity === 'number' && data.opacity !== 1 ? String(data.opacity) : '';
    el.style.transform = typeof data.shift === 'number' && data.shift !== 0 ? 'translateX(' + data.shift + 'px)' : '';
    el.classList.toggle('moving', h !== rowHeight);
  }

  /** The deleted rows still collapsing: drawn where the frame says, as they were when deleted
   *  (content at its offset, the filled button or the revealed side's buttons behind it), under
   *  the rows; gone from a frame without them. Hit testing is the server's: they hit nothing. */
  var collapsingViews = [];
  function drawCollapsing(list, rowHeight) {
    collapsingViews.forEach(function (v) { v.el.remove(); });
    collapsingViews = list.map(function (g) {
      var v = makeRow(g.row);
      v.el.classList.add('collapsing');
      v.el.setAttribute('aria-hidden', 'true');   // a deleted row on its way out: not an option
      v.el.dataset.item = g.item;
      v.item.textContent = g.item;
      fillButtons(v.right, g.right, 'right');
      fillButtons(v.left, g.left, 'left');
      placeButtons(v.right, null);
      placeButtons(v.left, null);
      var revealed = g.offset < 0 ? 'right' : g.offset > 0 ? 'left' : '';
      var d = g.draw, p = drawPlace(null, 0);
      if (d) { placeSide(v.right, d.right, p); placeSide(v.left, d.left, p); }
      if (g.filled && revealed && d && d.filled) {
        paintButton(v.filled, g.filled);
        v.filled.classList.add('button-filled', revealed);
        v.filled.hidden = false;
        v.filled.style.left = channel(d.filled.x, p) + 'px';
        v.filled.style.width = channel(d.filled.w, p) + 'px';
      }
      v.right.style.visibility = revealed === 'right' && !g.filled ? 'visible' : 'hidden';
      v.left.style.visibility = revealed === 'left' && !g.filled ? 'visible' : 'hidden';
      v.content.style.transform = g.offset === 0 ? '' : 'translateX(' + g.offset + 'px)';
      v.el.style.top = g.y + 'px';
      drawRowMotion(v.el, g, rowHeight);
      table.insertBefore(v.el, table.firstChild);
      return v;
    });
  }

  function makeRow(n) {
    var el = document.createElement('div');
    el.className = 'row';
    el.dataset.row = String(n);
    var right = document.createElement('div'); right.className = 'buttons right';
    var left = document.createElement('div'); left.className = 'buttons left';
    var filled = document.createElement('div'); filled.className = 'filled'; filled.hidden = true;
    var content = document.createElement('div'); content.className = 'content';
    var index = document.createElement('span'); index.className = 'index'; index.textContent = String(n);
    var item = document.createElement('span'); item.className = 'item';
    // A row whose item is a table shows its id after the title.
    var rowid = document.createElement('span'); rowid.className = 'rowid'; rowid.hidden = true;
    content.appendChild(index); content.appendChild(item); content.appendChild(rowid);
    el.appendChild(right); el.appendChild(left); el.appendChild(filled); el.appendChild(content);
    return { el: el, content: content, item: item, rowid: rowid, right: right, left: left, filled: filled, data: null, sig: null, filledSig: null };
  }

  /** The colour to draw a button in: its own only when it is `#rgb` or `#rrggbb` (the server
   *  sends nothing else, SwipeButton.isHexColor; checked again here, since it becomes
   *  `style.background`), else the default of its style. */
  function buttonColor(b) {
    var own = typeof b.color === 'string' && HEX_COLOR.test(b.color) ? b.color : null;
    return own || DEFAULT_COLORS[b.style === 'destructive' ? 'destructive' : 'normal'];
  }

  /** True for fills on which black text has more contrast than white (WCAG 2's ratio: relative
   *  luminance above 0.179), so that a title is as legible as it can be: iOS's red, orange, blue
   *  and grey fills are among them (white text on them is under 4.5:1, the minimum for text). */
  function isLight(hex) {
    var m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || '');
    if (!m) return false;
    var c = [m[1], m[2], m[3]].map(function (x) {
      var v = parseInt(x, 16) / 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    var luminance = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05);
  }

  var SVG_NS = 'http://www.w3.org/2000/svg';
  /** Path data as the server checks it (ButtonIcon.isPathData): nothing else becomes a `d`. */
  var PATH_DATA = /^ *[Mm][MmLlHhVvCcSsQqTtAaZz0-9 ,.+eE-]*$/;

  /** A button's icon as an inline SVG (the built-in outlines stroked, a plugin's path filled,
   *  both in the text colour), or null. */
  function iconElement(icon, size) {
    if (!icon || typeof icon.path !== 'string' || !PATH_DATA.test(icon.path)) return null;
    var box = Array.isArray(icon.view_box) && icon.view_box.length === 4 ? icon.view_box.map(Number) : [0, 0, 24, 24];
    if (!box.every(isFinite)) return null;
    var svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', 'icon');
    svg.setAttribute('width', String(size));
    svg.setAttribute('height', String(size));
    svg.setAttribute('viewBox', box.join(' '));
    svg.setAttribute('aria-hidden', 'true');
    if (icon.name) svg.dataset.icon = icon.name;
    var path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', icon.path);
    if (icon.stroked) {
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', 'currentColor');
      path.setAttribute('stroke-width', '2');
      path.setAttribute('stroke-linecap', 'round');
      path.setAttribute('stroke-linejoin', 'round');
    } else {
      path.setAttribute('fill', 'currentColor');
    }
    svg.appendChild(path);
    return svg;
  }

  function paintButton(el, b) {
    var color = buttonColor(b);
    el.style.background = color;
    el.dataset.color = color;
    var highlight = typeof b.highlight_color === 'string' && HEX_COLOR.test(b.highlight_color) ? b.highlight_color : '';
    if (highlight) el.dataset.highlight = highlight; else delete el.dataset.highlight;
    el.classList.remove('pressed');
    el.classList.toggle('light', isLight(color));
    el.classList.toggle('destructive', b.style === 'destructive');
    var ink = typeof b.text_color === 'string' && HEX_COLOR.test(b.text_color) ? b.text_color : '';
    el.style.color = ink;
    el.dataset.id = b.id;
    el.textContent = '';
    var title = typeof b.title === 'string' ? b.title : '';
    // An icon alone is 24 px; above a title, 20 px with a 12 px title (docs/appearance.md).
    var icon = iconElement(b.icon, title ? 20 : 24);
    el.classList.toggle('with-icon', !!icon);
    if (icon) el.appendChild(icon);
    if (title || !icon) {
      var span = document.createElement('span');
      span.className = 'title';
      span.textContent = title;
      el.appendChild(span);
    }
    var label = typeof b.accessibility_label === 'string' && b.accessibility_label ? b.accessibility_label : '';
    if (label) el.setAttribute('aria-label', label); else el.removeAttribute('aria-label');
    var name = title || label || (b.icon && b.icon.name) || b.id;
    el.title = name + ' (id ' + b.id + ', ' + b.width + ' pt' + (b.style === 'destructive' ? ', destructive' : '') + ')';
  }

  /** The pressed look: a button with a highlight colour shows it while a pointer holds it. */
  var pressedButton = null;
  function press(el) {
    release();
    if (!el || !el.dataset.highlight) return;
    pressedButton = el;
    el.classList.add('pressed');
    el.style.background = el.dataset.highlight;
  }
  function release() {
    if (!pressedButton) return;
    pressedButton.classList.remove('pressed');
    pressedButton.style.background = pressedButton.dataset.color || '';
    pressedButton = null;
  }

  function fillButtons(box, buttons, side) {
    box.textContent = '';
    (buttons || []).forEach(function (b, i) {
      var el = document.createElement('div');
      el.className = 'button';
      el.style.width = b.width + 'px';
      el.dataset.side = side;
      el.dataset.number = String(i + 1);
      paintButton(el, b);
      box.appendChild(el);
    });
  }

  function fillRow(v, r) {
    v.el.dataset.item = r.item;
    v.item.textContent = r.item;
    // What a screen reader says for the row (an option of the table's listbox).
    var named = typeof r.id === 'string' ? ' (#' + r.id + ')' : '';
    v.el.setAttribute('aria-label', 'row ' + r.row + named + ': ' + r.item);
    // The id a script names the row by (`swipe #m42 -120`), for rows whose items are tables.
    if (typeof r.id === 'string') {
      v.el.dataset.id = r.id;
      v.el.title = 'row id #' + r.id;
      v.rowid.textContent = '#' + r.id;
      v.rowid.hidden = false;
    } else {
      delete v.el.dataset.id;
      v.el.removeAttribute('title');
      v.rowid.textContent = '';
      v.rowid.hidden = true;
    }
    fillButtons(v.right, r.right, 'right');
    fillButtons(v.left, r.left, 'left');
    placeButtons(v.right, r.order && r.order.right);
    placeButtons(v.left, r.order && r.order.left);
    v.filledSig = null;
  }

  /** Every button is absolutely placed in the row (at its `draw` x and width), stacked in the
   *  server's paint `order` when the look has one (the outer button on top under `border`). */
  function placeButtons(box, order) {
    box.classList.add('placed');
    (order || []).forEach(function (index, depth) {
      var el = box.children[index];
      if (el) el.style.zIndex = String(depth + 1);
    });
  }

  /** Where the drawing `d` is at virtual time t: the knot `lo` at or before it, the one after,
   *  and the fraction between them (docs/playground.md, "DRAW"); a drawing without knots is
   *  at one instant. */
  function drawPlace(d, t) {
    var at = d && d.at;
    if (!at || at.length < 2) return { lo: 0, hi: 0, f: 0 };
    var x = t - d.start, n = at.length;
    if (!(x > at[0])) return { lo: 0, hi: 0, f: 0 };
    if (x >= at[n - 1]) return { lo: n - 1, hi: n - 1, f: 0 };
    var lo = 0, hi = n - 1;
    while (hi - lo > 1) {
      var mid = (lo + hi) >> 1;
      if (at[mid] <= x) lo = mid; else hi = mid;
    }
    return { lo: lo, hi: hi, f: (x - at[lo]) / (at[hi] - at[lo]) };
  }

  /** One channel of a drawing: a number (the same at every knot), or one value per knot drawn
   *  as the straight line between the two around the place. */
  function channel(c, p) {
    if (typeof c === 'number') return c;
    if (!Array.isArray(c) || !c.length) return 0;
    return c[p.lo] + (c[p.hi] - c[p.lo]) * p.f;
  }

  function drawEnd(d) {
    return d && d.at && d.at.length ? d.start + d.at[d.at.length - 1] : -Infinity;
  }

  /** Places a side's buttons at the drawing's x and width for them. */
  function placeSide(box, frames, p) {
    for (var i = 0; i < box.children.length; i++) {
      var el = box.children[i];
      var f = frames && frames[i];
      if (!f) continue;
      var x = channel(f[0], p), w = channel(f[1], p);
      el.style.left = x + 'px';
      el.style.width = w + 'px';
      el.dataset.x = String(Math.round(x * 100) / 100);
      el.dataset.w = String(Math.round(w * 100) / 100);
    }
  }

  /** The row's presented offset at virtual time t: its path's knots interpolated linearly (the
   *  first held before them, the last after), else its model offset. */
  function offsetAt(r, t) {
    var p = r.path;
    if (!p || !p.offsets || p.offsets.length === 0) return r.offset;
    var at = p.at, o = p.offsets, n = o.length;
    var x = t - p.start;
    if (!(x > at[0])) return o[0];
    if (x >= at[n - 1]) return o[n - 1];
    var lo = 0, hi = n - 1;
    while (hi - lo > 1) {
      var mid = (lo + hi) >> 1;
      if (at[mid] <= x) lo = mid; else hi = mid;
    }
    return o[lo] + (o[hi] - o[lo]) * ((x - at[lo]) / (at[hi] - at[lo]));
  }

  function pathEnd(r) {
    var p = r.path;
    return p && p.at && p.at.length ? p.start + p.at[p.at.length - 1] : -Infinity;
  }

  /** Slides every row's content to its offset now; keeps animating while a path runs. */
  function drawOffsets() {
    var t = drawTime();
    var running = false;
    rowViews.forEach(function (v) {
      var r = v.data;
      if (!r) return;
      var off = offsetAt(r, t);
      var d = r.draw;
      if (pathEnd(r) > t || drawEnd(d) > t) running = true;
      v.content.style.transform = off === 0 ? '' : 'translateX(' + off + 'px)';
      v.el.dataset.offset = String(Math.round(off * 100) / 100);
      // The side the content uncovers shows its buttons (the content covers the other).
      var revealed = off < 0 ? 'right' : off > 0 ? 'left' : '';
      v.el.dataset.revealed = revealed;
      var p = drawPlace(d, t);
      if (d) { placeSide(v.right, d.right, p); placeSide(v.left, d.left, p); }
      v.right.style.visibility = revealed === 'right' ? 'visible' : 'hidden';
      v.left.style.visibility = revealed === 'left' ? 'visible' : 'hidden';
      var filled = d && d.filled && d.filled.side === revealed ? d.filled : null;
      var button = filled && (filled.side === 'right' ? r.right : r.left)[filled.index];
      if (button) {
        var sig = filled.side + ':' + filled.index;
        if (v.filledSig !== sig) {
          v.filledSig = sig;
          paintButton(v.filled, button);
          v.filled.classList.add('button-filled');
          v.filled.classList.toggle('right', filled.side === 'right');
          v.filled.classList.toggle('left', filled.side === 'left');
        }
        var fx = channel(filled.x, p), fw = channel(filled.w, p);
        v.filled.hidden = false;
        v.filled.style.left = fx + 'px';
        v.filled.style.width = fw + 'px';
        v.filled.dataset.x = String(Math.round(fx * 100) / 100);
        v.filled.dataset.w = String(Math.round(fw * 100) / 100);
      } else {
        v.filled.hidden = true;
      }
    });
    if (running) requestDraw();
  }

  function requestDraw() {
    if (rafPending) return;
    rafPending = true;
    requestAnimationFrame(function () { rafPending = false; drawOffsets(); });
  }

  // ---------------------------------------------------------------- the log

  function scrolledToBottom() {
    return log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  }

  function appendLog(classes, name, t, text, data) {
    var stick = scrolledToBottom();
    var li = document.createElement('li');
    li.className = 'event fresh ' + classes;
    li.dataset.event = name;
    if (data) Object.keys(data).forEach(function (k) {
      if (data[k] !== undefined && data[k] !== null) li.dataset[k] = String(data[k]);
    });
    var ts = document.createElement('span'); ts.className = 't';
    ts.textContent = typeof t === 'number' ? Math.round(t) + ' ms' : '';
    var nm = document.createElement('span'); nm.className = 'name'; nm.textContent = name;
    var tx = document.createElement('span'); tx.className = 'text'; tx.textContent = text;
    li.appendChild(ts); li.appendChild(nm); li.appendChild(tx);
    log.appendChild(li);
    while (log.childElementCount > MAX_LOG) log.removeChild(log.firstElementChild);
    setTimeout(function () { li.classList.remove('fresh'); }, 900);
    if (stick) log.scrollTop = log.scrollHeight;
    return li;
  }

  /** One record of the trace: its jsonl object plus `line`, the line --format text prints. */
  function logEvent(ev) {
    var name = String(ev.event || 'event');
    if (name === 'state') return;
    // The host's events are classes (`.event.open`); a plugin's own (`ctx:emit`) are `.custom`
    // with their name in data-event only, so no name can take another element's style.
    var classes = KNOWN_EVENTS[name] ? name : 'custom';
    var text = typeof ev.line === 'string' ? withoutTimeColumn(ev.line) : jsonWithout(ev, ['event', 't', 'line']);
    var li = appendLog(classes, name, ev.t, text, { row: ev.row, button: ev.button, side: ev.side });
    var record = JSON.parse(jsonWithout(ev, ['line']));
    if (name === 'present') showSheet(ev.title, String(ev.text));
    li.dataset.json = JSON.stringify(record);
    if (name === 'dismiss') hideSheet();
    if (name === 'actions') showActions(ev);
  }

  /** The text line without its time column ("   150 ms  "; the log has one), and its further
   *  lines (a traceback) without the indent that lined them up under the text. */
  function withoutTimeColumn(line) {
    var m = /^\s*-?\d+(\.\d+)?\s*ms\s+/.exec(line);
    if (!m) return line;
    var indent = new RegExp('\n {1,' + m[0].length + '}', 'g');
    return line.slice(m[0].length).replace(indent, '\n');
  }

  function jsonWithout(obj, keys) {
    var copy = {};
    Object.keys(obj).forEach(function (k) { if (keys.indexOf(k) < 0) copy[k] = obj[k]; });
    return JSON.stringify(copy);
  }

  function logLocal(kind, text) {
    appendLog(kind, kind, frame ? frame.t : undefined, text, null);
  }

  $('clear-log').addEventListener('click', function () { log.textContent = ''; });

  // ---------------------------------------------------------------- the sheet (ctx:present)

  function showSheet(title, text) {
    $('sheet-title').textContent = title || '';
    $('sheet-text').textContent = text || '';
    $('sheet-backdrop').hidden = false;
  }

  function hideSheet() { $('sheet-backdrop').hidden = true; }

  /** The person dismissed the sheet: hidden here, and told to the session, which records a
   *  `dismiss` (a `dismiss` line in the recorded script). A `dismiss` the session sends
   *  (ctx:dismiss) only hides it. */
  function dismissSheet(e) {
    if ($('sheet-backdrop').hidden) return;
    hideSheet();
    send({ type: 'dismiss', t: sinceConnect(e.timeStamp) });
  }

  $('sheet-dismiss').addEventListener('click', dismissSheet);
  $('sheet-backdrop').addEventListener('click', function (e) { if (e.target === e.currentTarget) dismissSheet(e); });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape') dismissSheet(e); });

  // ---------------------------------------------------------------- reloads

  var noticeTimer = null;

  function onReload(msg) {
    var banner = $('banner');
    if (msg.ok) {
      banner.hidden = true;
      document.body.dataset.reloadFailed = 'false';
      showNotice('Plugin reloaded');
    } else {
      $('banner-text').textContent = msg.error || 'the plugin did not load';
      banner.hidden = false;
      document.body.dataset.reloadFailed = 'true';
      appendLog('reload_failed plugin_error', 'reload', frame ? frame.t : undefined, 'failed: ' + (msg.error || ''), null);
    }
    document.body.dataset.reloads = String(Number(document.body.dataset.reloads || 0) + 1);
  }

  function showNotice(text) {
    var n = $('notice');
    n.textContent = text;
    n.classList.remove('fade');
    n.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () {
      n.classList.add('fade');
      noticeTimer = setTimeout(function () { n.hidden = true; n.classList.remove('fade'); }, 600);
    }, 1800);
  }

  // ---------------------------------------------------------------- the configuration panel

  function rowAtY(y) {
    var found = null;
    var h = hello ? hello.rowHeight : 44;
    rowViews.forEach(function (v, n) {
      if (v.data && y >= v.data.y && y < v.data.y + h) found = n;
    });
    return found;
  }

  function setHover(n) {
    if (n === hoverRow) return;
    var old = rowViews.get(hoverRow);
    if (old) old.el.classList.remove('hover');
    hoverRow = n;
    var v = rowViews.get(n);
    if (v) v.el.classList.add('hover');
    updateConfigPanel();
  }

  function updateConfigPanel() {
    var v = rowViews.get(hoverRow);
    var key = v ? hoverRow + ':' + JSON.stringify(v.data.config) + v.data.item : null;
    if (key === configShown) return;
    configShown = key;
    var box = $('config');
    box.textContent = '';
    if (!v) { $('config-row').textContent = 'hover a row'; return; }
    $('config-row').textContent = 'row ' + hoverRow + ' \u00b7 ' + v.data.item;
    box.dataset.configRow = String(hoverRow);
    var cfg = v.data.config;
    if (cfg === null || cfg === undefined) {
      box.textContent = 'no configuration (the tutorial\u2019s cell)';
      return;
    }
    box.appendChild(renderValue(compactIcons(cfg)));
  }

  /** The configuration with each button's icon as one word (a built-in's name, else `path`), so
   *  an edge's buttons stay one table of plain values. */
  function compactIcons(value) {
    if (Array.isArray(value)) return value.map(compactIcons);
    if (!value || typeof value !== 'object') return value;
    var out = {};
    Object.keys(value).forEach(function (k) {
      var v = value[k];
      out[k] = k === 'icon' && v && typeof v === 'object' && !Array.isArray(v) ? (v.name || 'path') : compactIcons(v);
    });
    return out;
  }

  function isPlain(v) { return v === null || typeof v !== 'object'; }

  /** A configuration as nested key/value tables; a list of flat objects (buttons) as one table. */
  function renderValue(value) {
    if (Array.isArray(value)) {
      if (!value.length) return renderScalar('[]');
      var flat = value.every(function (x) {
        return x && typeof x === 'object' && !Array.isArray(x) && Object.keys(x).every(function (k) { return isPlain(x[k]); });
      });
      if (flat) return renderRecords(value);
      var list = document.createElement('div');
      value.forEach(function (x) { var d = document.createElement('div'); d.className = 'edge'; d.appendChild(renderValue(x)); list.appendChild(d); });
      return list;
    }
    if (value && typeof value === 'object') {
      var t = document.createElement('table');
      Object.keys(value).forEach(function (k) {
        var v = value[k];
        var tr = document.createElement('tr');
        var kd = document.createElement('td'); kd.className = 'key'; kd.textContent = k;
        tr.appendChild(kd);
        if (isPlain(v)) {
          var vd = document.createElement('td'); vd.appendChild(renderScalar(v)); tr.appendChild(vd);
          t.appendChild(tr);
          return;
        }
        // A nested table or list: its key as a heading, the value below it at full width.
        kd.colSpan = 2;
        kd.classList.add('section');
        t.appendChild(tr);
        var below = document.createElement('tr');
        var nested = document.createElement('td'); nested.colSpan = 2; nested.className = 'nested';
        nested.appendChild(renderValue(v));
        below.appendChild(nested);
        t.appendChild(below);
      });
      return t;
    }
    return renderScalar(value);
  }

  function renderRecords(records) {
    var keys = [];
    records.forEach(function (r) { Object.keys(r).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
    var t = document.createElement('table');
    t.className = 'records';
    var head = document.createElement('tr');
    keys.forEach(function (k) { var th = document.createElement('th'); th.textContent = k; head.appendChild(th); });
    t.appendChild(head);
    records.forEach(function (r) {
      var tr = document.createElement('tr');
      keys.forEach(function (k) {
        var td = document.createElement('td');
        if (k in r) td.appendChild(renderScalar(r[k]));
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    return t;
  }

  function renderScalar(value) {
    var span = document.createElement('span');
    if (typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) {
      var sw = document.createElement('span');
      sw.className = 'swatch';
      sw.style.background = value;
      span.appendChild(sw);
    }
    span.appendChild(document.createTextNode(typeof value === 'string' ? value : JSON.stringify(value)));
    return span;
  }

  // ---------------------------------------------------------------- input

  function local(e) {
    var rect = table.getBoundingClientRect();
    return { x: Math.round((e.clientX - rect.left) * 100) / 100, y: Math.round((e.clientY - rect.top) * 100) / 100 };
  }

  function pointerMessage(phase, e) {
    var p = local(e);
    send({ type: 'pointer', phase: phase, x: p.x, y: p.y, t: sinceConnect(e.timeStamp), id: e.pointerId });
  }

  table.addEventListener('pointerdown', function (e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (!hello) return;
    e.preventDefault();
    try { table.setPointerCapture(e.pointerId); } catch (err) { /* the pointer is gone already */ }
    pointers.set(e.pointerId, true);
    table.classList.add('dragging');
    table.focus({ preventScroll: true });
    setHover(rowAtY(local(e).y));
    press(e.target && e.target.closest ? e.target.closest('.button, .filled') : null);
    pointerMessage('down', e);
  });

  table.addEventListener('pointermove', function (e) {
    if (pointers.has(e.pointerId)) {
      pointerMessage('move', e);
    } else if (e.pointerType === 'mouse') {
      setHover(rowAtY(local(e).y));
    }
  });

  function finish(phase) {
    return function (e) {
      if (!pointers.has(e.pointerId)) return;
      pointers.delete(e.pointerId);
      if (!pointers.size) { table.classList.remove('dragging'); release(); }
      pointerMessage(phase, e);
    };
  }
  table.addEventListener('pointerup', finish('up'));
  table.addEventListener('pointercancel', finish('cancel'));
  table.addEventListener('lostpointercapture', finish('cancel'));
  table.addEventListener('pointerleave', function (e) {
    if (e.pointerType === 'mouse' && !pointers.size) setHover(null);
  });

  table.addEventListener('wheel', function (e) {
    if (!hello) return;
    e.preventDefault();
    var scale = e.deltaMode === 1 ? hello.rowHeight : e.deltaMode === 2 ? hello.viewport : 1;
    var dy = e.deltaY * scale;
    if (dy === 0) return;
    send({ type: 'wheel', dy: Math.round(dy * 100) / 100, t: sinceConnect(e.timeStamp) });
  }, { passive: false });

  // A page in the background gets no animation frames: catch up when it comes back.
  document.addEventListener('visibilitychange', function () { if (!document.hidden) drawOffsets(); });

  // ---------------------------------------------------------------- keyboard: accessibility actions
  // What VoiceOver's "Actions available" gives: with the table focused (Tab), ArrowUp/ArrowDown
  // choose a row, A (or Enter) asks the session for its actions (`actions ROW`, recorded); the
  // `actions` event opens a menu of them; Enter on one runs it (`activate ROW ID`, recorded:
  // the button's action without revealing the row); Escape closes the menu.

  var kbdRow = null;
  var actionsMenu = document.createElement('div');
  actionsMenu.id = 'actions-menu';
  actionsMenu.className = 'actions-menu';
  actionsMenu.setAttribute('role', 'menu');
  actionsMenu.hidden = true;
  table.parentNode.insertBefore(actionsMenu, table.nextSibling);

  function visibleRowNumbers() {
    return Array.from(rowViews.keys()).sort(function (a, b) { return a - b; });
  }

  /** Marks the keyboard's row (`.kbd-focus`, `aria-selected`) and points the table's
   *  `aria-activedescendant` at its own id (`row-N`), so a screen reader names the row that has
   *  the focus; none when it is off screen. */
  function markKbdRow() {
    rowViews.forEach(function (v, n) {
      var on = n === kbdRow;
      v.el.classList.toggle('kbd-focus', on);
      v.el.setAttribute('aria-selected', on ? 'true' : 'false');
    });
    var v = kbdRow === null ? null : rowViews.get(kbdRow);
    if (v) {
      table.setAttribute('aria-activedescendant', v.el.id);
    } else {
      table.removeAttribute('aria-activedescendant');
    }
  }

  /** Each event of a frame, said by a screen reader: its line (as the log shows it) in the
   *  polite live region. The same text twice in a row is still said (it alternates a trailing
   *  no-break space). */
  var announced = 0;
  function announce(events) {
    var lines = events.filter(function (ev) { return ev.event !== 'state'; }).map(function (ev) {
      return typeof ev.line === 'string' ? withoutTimeColumn(ev.line) : String(ev.event);
    });
    if (!lines.length) return;
    announced += 1;
    $('announcer').textContent = lines.join('. ') + (announced % 2 ? '' : '\u00a0');
  }

  function moveKbdRow(step) {
    var rows = visibleRowNumbers();
    if (!rows.length) return;
    var at = rows.indexOf(kbdRow);
    if (at < 0) at = step > 0 ? -1 : rows.length;
    kbdRow = rows[Math.max(0, Math.min(rows.length - 1, at + step))];
    markKbdRow();
  }

  function hideActions(refocus) {
    actionsMenu.hidden = true;
    actionsMenu.textContent = '';
    if (refocus) table.focus({ preventScroll: true });
  }

  /** An `actions` event: the row's actions as a menu of buttons, the first focused. */
  function showActions(ev) {
    var list = Array.isArray(ev.actions) ? ev.actions : [];
    actionsMenu.textContent = '';
    var title = document.createElement('div');
    title.className = 'actions-title';
    title.textContent = list.length ? 'Actions for row ' + ev.row : 'Row ' + ev.row + ' has no actions';
    actionsMenu.appendChild(title);
    list.forEach(function (a) {
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('role', 'menuitem');
      b.dataset.button = String(a.button);
      b.textContent = String(a.label) + ' (' + a.side + ')';
      b.addEventListener('click', function (e) {
        send({ type: 'activate', row: ev.row, button: String(a.button), t: sinceConnect(e.timeStamp) });
        hideActions(true);
      });
      actionsMenu.appendChild(b);
    });
    actionsMenu.hidden = false;
    var first = actionsMenu.querySelector('button');
    if (first) {
      first.focus();
    } else {
      actionsMenu.tabIndex = -1;
      actionsMenu.focus();
    }
  }

  table.addEventListener('keydown', function (e) {
    if (!hello) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveKbdRow(e.key === 'ArrowDown' ? 1 : -1);
    } else if ((e.key === 'a' || e.key === 'A' || e.key === 'Enter') && kbdRow !== null) {
      e.preventDefault();
      send({ type: 'actions', row: kbdRow, t: sinceConnect(e.timeStamp) });
    }
  });
  table.addEventListener('focus', function () { if (kbdRow === null) moveKbdRow(1); });

  actionsMenu.addEventListener('keydown', function (e) {
    var items = Array.from(actionsMenu.querySelectorAll('button'));
    var at = items.indexOf(document.activeElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      hideActions(true);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && items.length) {
      e.preventDefault();
      at = (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[at].focus();
    }
  });

  // For the browser test and for poking around in the console.
  window.swipePlayground = {
    get hello() { return hello; },
    get frame() { return frame; },
    offsetOf: function (n) { var v = rowViews.get(n); return v && v.data ? offsetAt(v.data, drawTime()) : null; },
    pathOf: function (n) { var v = rowViews.get(n); return v && v.data ? v.data.path : null; },
    animating: function (n) { var v = rowViews.get(n); return !!(v && v.data && pathEnd(v.data) > drawTime()); },
    drawOf: function (n) { var v = rowViews.get(n); return v && v.data ? v.data.draw : null; },
    buttonColor: buttonColor,
    /** Draws every row at virtual time t (ms since connecting) and holds it there until
     *  freeze(null): the browser test compares the drawn offsets with the core's. */
    freeze: function (t) { frozenAt = typeof t === 'number' ? t : null; drawOffsets(); }
  };

  connect();
})();
