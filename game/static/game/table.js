// The live table's small client: pick a card and light up its targets, confirm self-harming
// plays, tick the decision countdown, keep the log scrolled to the newest line, and open the
// result page when the match ends. The server renders everything; this only adds behaviour.
(function () {
  "use strict";

  var ticking = null;

  function table() { return document.getElementById("table"); }

  function clearSelection(root) {
    root = root || table();
    if (!root) return;
    root.querySelectorAll("[data-select-card][aria-pressed='true']").forEach(function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    root.querySelectorAll(".target").forEach(function (t) { t.hidden = true; });
    root.querySelectorAll(".seat.is-lit").forEach(function (s) { s.classList.remove("is-lit"); });
    var help = root.querySelector("[data-pick-help]");
    if (help) help.hidden = true;
  }

  function select(button) {
    var root = table();
    var already = button.getAttribute("aria-pressed") === "true";
    clearSelection(root);
    if (already) { button.focus(); return; }  // a second click cancels (UI.md)
    button.setAttribute("aria-pressed", "true");
    var id = button.getAttribute("data-select-card");
    var first = null;
    root.querySelectorAll(".target").forEach(function (t) {
      if (t.getAttribute("data-for-card") !== id) return;
      t.hidden = false;
      var seat = t.closest(".seat");
      if (seat) seat.classList.add("is-lit");
      if (!first) first = t.querySelector("button");
    });
    var help = root.querySelector("[data-pick-help]");
    if (help) help.hidden = false;
    if (first) first.focus();
  }

  document.addEventListener("click", function (event) {
    var picker = event.target.closest("[data-select-card]");
    if (picker) { event.preventDefault(); select(picker); }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var root = table();
    if (!root) return;
    var pressed = root.querySelector("[data-select-card][aria-pressed='true']");
    if (!pressed) return;
    clearSelection(root);
    pressed.focus();
  });

  // Confirm before a self-harming play; runs in the capture phase, before htmx sends the form.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[ws-send]")) return;
    var question = form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    var root = table();
    if (root) root.classList.add("is-sending");  // one click per version; the next render clears it
  }, true);

  function format(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // Count down from the seconds the server rendered, measured from when the fragment arrived,
  // so a wrong client clock cannot show a wrong time.
  function startTimers() {
    var root = table();
    if (!root) return;
    var started = Date.now();
    var timers = root.querySelectorAll(".timer[data-seconds]");
    if (ticking) clearInterval(ticking);
    function tick() {
      var passed = Math.floor((Date.now() - started) / 1000);
      timers.forEach(function (timer) {
        var left = Math.max(0, parseInt(timer.getAttribute("data-seconds"), 10) - passed);
        timer.textContent = format(left);
        timer.classList.toggle("is-low", left <= 5);
      });
    }
    tick();
    if (timers.length) ticking = setInterval(tick, 1000);
  }

  function scrollLog() {
    var root = table();
    var log = root && root.querySelector("[data-log]");
    if (log) log.scrollTop = log.scrollHeight;  // newest line is at the bottom
  }

  // R98: once the game is over the summary opens by itself after a beat (time to read the last
  // line), once, and the gameover panel says so; "Stay at the table" keeps the player here.
  var resultTimer = null;
  var stayAtTable = false;
  function goToResult() {
    var root = table();
    var url = root && root.getAttribute("data-result-url");
    if (!url || stayAtTable) return;
    var note = root.querySelector("[data-go-note]");
    if (note) note.hidden = false;
    if (resultTimer === null) resultTimer = setTimeout(function () { window.location.assign(url); }, 4000);
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-go-stay]")) return;
    stayAtTable = true;
    clearTimeout(resultTimer);
    var note = document.querySelector("[data-go-note]");
    if (note) note.hidden = true;
  });

  // Keyboard players keep their place: if focus was on the table before a new one arrived, it
  // moves to the first thing to do now instead of falling back to the top of the page.
  var focusWasOnTable = false;
  function noteFocus() {
    var root = table();
    if (root && root.contains(document.activeElement)) focusWasOnTable = true;
  }
  document.addEventListener("htmx:wsBeforeMessage", noteFocus);
  document.addEventListener("htmx:oobBeforeSwap", noteFocus);

  // New log lines (and "your decision") go to a live region outside the swapped table, since a
  // live region that is itself replaced is not reliably announced.
  var seenLines = null;
  function announce(root) {
    var announcer = document.getElementById("table-announcer");
    var lines = Array.prototype.map.call(root.querySelectorAll("[data-log] li"), function (li) {
      return li.textContent.replace(/\s+/g, " ").trim();
    });
    if (announcer && seenLines !== null) {
      var fresh = [];
      var last = seenLines.length ? seenLines[seenLines.length - 1] : null;
      var from = last === null ? 0 : lines.lastIndexOf(last) + 1;
      fresh = lines.slice(from);
      if (root.classList.contains("tablescreen--mine")) fresh.push(announcer.getAttribute("data-your-turn"));
      if (fresh.length) announcer.textContent = fresh.join(" ");
    }
    seenLines = lines;
  }

  function refreshed() {
    var root = table();
    if (!root) return;
    // Both htmx events fire for one message; act once per rendered table. Each message brings
    // a new #table element, so the mark is on the element: a re-render at the same version (a
    // signal, a player coming back) still restarts the timers.
    if (root.hasAttribute("data-shown") && !root.classList.contains("is-sending")) return;
    root.setAttribute("data-shown", "");
    announce(root);
    root.classList.remove("is-sending");
    if (focusWasOnTable) {
      // In order of urgency; if nothing is to be done now, remember for the next update.
      var next = root.querySelector(".prompt .act__button") || root.querySelector(".card--playable") ||
        root.querySelector(".act--end .act__button");
      if (next) { next.focus(); focusWasOnTable = false; }
    }
    startTimers();
    scrollLog();
    goToResult();
  }

  document.addEventListener("DOMContentLoaded", refreshed);
  // htmx swaps a new #table in (hx-swap-oob) after every WebSocket message.
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.target && event.target.id === "table") refreshed();
  });
  document.addEventListener("htmx:wsAfterMessage", refreshed);
  // Turning a phone changes the log's height: keep its newest line in view.
  window.addEventListener("resize", scrollLog);
})();
