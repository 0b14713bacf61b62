// The replay viewer's small client (issue 18). Every position is drawn by the server; this
// script only moves between them without reloading the page:
// - a step link, a log line or a jump form fetches the position with htmx (the answer swaps
//   #table and #replay-bar out of band) and puts the position in the address bar;
// - Play steps one event at a time at the chosen speed until the end or Pause;
// - keys: ← → one event, Space play or pause, Home and End;
// - the current log line is scrolled into view and the step's new lines are read out;
// - the log drawer starts open; on phones it sits under the table instead of over it.
// Without scripts every control is an ordinary link or GET form.
(function () {
  "use strict";

  var playing = false;
  var speed = 800;
  var timer = null;
  var loading = false;
  var queued = null;

  function bar() { return document.getElementById("replay-bar"); }
  function at() { var b = bar(); return b ? parseInt(b.getAttribute("data-at"), 10) : 0; }
  function last() { var b = bar(); return b ? parseInt(b.getAttribute("data-last"), 10) : 0; }
  function stepLink(key) {
    var b = bar();
    return b ? b.querySelector("[data-replay-key='" + key + "'][href]") : null;
  }

  // --- moving to a position --------------------------------------------------------------

  // A step replaces the bar, so a keyboard player's focus would fall to the page: it goes back
  // to the same control (or, where that one can no longer move, to Play).
  var refocus = null;
  function noteFocus() {
    var active = document.activeElement;
    var b = bar();
    if (!active || !b || !b.contains(active)) { refocus = null; return; }
    refocus = active.id || null;
  }
  function restoreFocus() {
    var b = bar();
    if (!refocus || !b) return;
    var again = document.getElementById(refocus);
    if (!again || again.getAttribute("aria-disabled") === "true") again = document.getElementById("replay-play");
    refocus = null;
    if (again) again.focus();
  }

  function go(url) {
    if (!window.htmx) { window.location.assign(url); return; }
    noteFocus();
    if (loading) { queued = url; return; }
    loading = true;
    window.htmx.ajax("GET", url, { source: document.body, swap: "none" }).then(function () {
      loading = false;
      window.history.replaceState(null, "", url);
      arrived();
      if (queued) { var next = queued; queued = null; go(next); }
    }, function () { loading = false; queued = null; stop(); });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-replay-go][href]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!link.closest("[data-replay-key='forward']")) stop();
    go(link.getAttribute("href"));
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("[data-replay-form]")) return;
    event.preventDefault();
    stop();
    var params = new URLSearchParams(new FormData(form));
    if (params.get("seat") === "") params.delete("seat");
    go(form.getAttribute("action") + "?" + params.toString());
  });

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("[data-replay-form]");
    if (form && event.target.tagName === "SELECT") form.requestSubmit();
  });

  // --- play and pause --------------------------------------------------------------------

  function paint() {
    var button = document.querySelector("[data-replay-play]");
    if (button) {
      button.setAttribute("aria-pressed", playing ? "true" : "false");
      var word = button.querySelector("[data-replay-word]");
      if (word) word.textContent = button.getAttribute(playing ? "data-pause" : "data-play");
      var icon = button.querySelector("[data-replay-icon]");
      if (icon) icon.textContent = playing ? "❚❚" : "▶";
    }
    document.querySelectorAll("[data-replay-speed]").forEach(function (b) {
      b.setAttribute("aria-pressed", parseInt(b.getAttribute("data-replay-speed"), 10) === speed ? "true" : "false");
    });
  }

  function stop() {
    playing = false;
    clearTimeout(timer);
    paint();
  }

  function tick() {
    var next = stepLink("forward");
    if (!playing || !next) { stop(); return; }
    go(next.getAttribute("href"));
  }

  function play() {
    playing = true;
    paint();
    clearTimeout(timer);
    if (at() >= last()) {  // from the end, Play starts again from the deal
      var start = stepLink("start");
      if (start) { go(start.getAttribute("href")); return; }
    }
    timer = setTimeout(tick, speed);
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    if (event.target.closest("[data-replay-play]")) { if (playing) stop(); else play(); return; }
    var choice = event.target.closest("[data-replay-speed]");
    if (choice) {
      speed = parseInt(choice.getAttribute("data-replay-speed"), 10);
      paint();
      if (playing) { clearTimeout(timer); timer = setTimeout(tick, speed); }
    }
  });

  // --- keys ------------------------------------------------------------------------------

  var KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var field = event.target.closest && event.target.closest("input, select, textarea, [contenteditable]");
    if (field) return;
    if (event.key === " " || event.key === "Spacebar") {
      if (event.target.closest && event.target.closest("button, summary")) return;  // Space presses it
      event.preventDefault();
      if (playing) stop(); else play();
      return;
    }
    var key = KEYS[event.key];
    if (!key) return;
    event.preventDefault();
    stop();
    var link = stepLink(key);
    if (link) go(link.getAttribute("href"));
  });

  // --- after each position ---------------------------------------------------------------

  function logList() { return document.getElementById("log-lines"); }

  function showCurrentLine() {
    var log = logList();
    var now = log && log.querySelector(".rlog--now");
    if (!now) return;
    var item = now.closest("li") || now;
    // Scroll the log itself, never the page: the table stays where the player looks.
    var top = item.offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + item.offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = Math.max(0, top - log.clientHeight / 3);
    }
  }

  function announce() {
    var announcer = document.getElementById("replay-announcer");
    var log = logList();
    if (!announcer || !log) return;
    var words = [];
    log.querySelectorAll(".rlog--now").forEach(function (line) {
      words.push(line.textContent.replace(/\s+/g, " ").trim());
    });
    var where = document.querySelector("[data-replay-where]");
    if (where) words.unshift(where.textContent.trim() + ".");
    announcer.textContent = words.join(" ");
  }

  function arrived() {
    paint();
    restoreFocus();
    showCurrentLine();
    if (!playing) announce();  // while playing the words would pile up faster than read
    paintLogToggle();
    if (playing) {
      clearTimeout(timer);
      if (at() >= last()) stop(); else timer = setTimeout(tick, speed);
    }
  }

  // --- the log drawer: open at first (the log is how a replay is read), one tap closes it;
  // on phones it sits under the table (replay.css) -------------------------------------------

  function logOpen() { return document.documentElement.getAttribute("data-log") !== "closed"; }
  function paintLogToggle() {
    document.querySelectorAll("[data-log-toggle]").forEach(function (button) {
      button.setAttribute("aria-expanded", logOpen() ? "true" : "false");
    });
  }
  document.documentElement.setAttribute("data-log", "open");
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-log-toggle]")) return;
    document.documentElement.setAttribute("data-log", logOpen() ? "closed" : "open");
    paintLogToggle();
    showCurrentLine();
  });

  document.addEventListener("DOMContentLoaded", function () {
    paint();
    paintLogToggle();
    showCurrentLine();
  });
})();
