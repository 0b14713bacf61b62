// The live table's small client. The server draws everything and sends each change as a frame
// of regions (htmx out-of-band swaps by id); this script only adds behaviour:
// - keeps the frames in order: each starts with #table-state carrying the table version it
//   brings and the one it follows; a late frame is dropped, and after a lost one the whole
//   table is fetched once;
// - keeps a half-made play (the picked card and its lit targets) through every frame that does
//   not change the player's own decision, and gives focus to a new decision;
// - confirms self-harming plays, ticks the countdowns, announces new log lines, opens and
//   closes the log drawer, lets toasts leave by themselves, opens the result page at the end.
(function () {
  "use strict";

  var ticking = null;
  var STATE = /^\s*<div id="table-state"[^>]*data-table-version="(\d+)" data-previous="(\d*)"/;

  function table() { return document.getElementById("table"); }
  function state() { return document.getElementById("table-state"); }
  function currentVersion() {
    var marker = state();
    return marker ? parseInt(marker.getAttribute("data-table-version"), 10) : -1;
  }

  // --- frames in order ---------------------------------------------------------------------

  var fetching = false;
  function fetchWholeTable() {
    if (fetching || !window.htmx) return;
    fetching = true;
    // The page answers htmx with the whole table (an out-of-band #table).
    window.htmx.ajax("GET", window.location.pathname, { source: document.body, swap: "none" })
      .then(function () { fetching = false; }, function () { fetching = false; });
  }

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    var found = STATE.exec(event.detail.message || "");
    if (!found) return;  // a toast
    var version = parseInt(found[1], 10);
    var previous = found[2] === "" ? null : parseInt(found[2], 10);
    var current = currentVersion();
    if (previous === null) return;  // the whole table: always taken
    if (version <= current) { event.preventDefault(); return; }  // late: already shown
    if (previous !== current) { event.preventDefault(); fetchWholeTable(); }  // a frame was lost
  });

  // --- picking a card and its targets ----------------------------------------------------------

  function pickedCard(root) {
    return root.querySelector("[data-select-card][aria-pressed='true']");
  }

  // The hand card a target belongs to: the card of the action its button sends (frames carry
  // it once, in the button's value).
  function targetCard(target) {
    var button = target.querySelector("button[value]");
    try { return button ? JSON.parse(button.value).card : null; } catch (e) { return null; }
  }

  // Show the targets of the picked card (after a frame that redrew some seats, too).
  function light(root) {
    var picked = pickedCard(root);
    var id = picked ? picked.getAttribute("data-select-card") : null;
    var first = null;
    root.querySelectorAll(".target").forEach(function (t) {
      var on = id !== null && targetCard(t) === id;
      t.hidden = !on;
      if (on && !first) first = t.querySelector("button");
    });
    root.querySelectorAll(".seat").forEach(function (seat) {
      seat.classList.toggle("is-lit", !!seat.querySelector(".target:not([hidden])"));
    });
    var help = root.querySelector("[data-pick-help]");
    if (help) help.hidden = id === null;
    return first;
  }

  function clearSelection(root) {
    root = root || table();
    if (!root) return;
    root.querySelectorAll("[data-select-card][aria-pressed='true']").forEach(function (b) {
      b.setAttribute("aria-pressed", "false");
    });
    light(root);
  }

  function select(button) {
    var root = table();
    var already = button.getAttribute("aria-pressed") === "true";
    clearSelection(root);
    if (already) { button.focus(); return; }  // a second click cancels (UI.md)
    button.setAttribute("aria-pressed", "true");
    var first = light(root);
    if (first) first.focus();
  }

  document.addEventListener("click", function (event) {
    var picker = event.target.closest("[data-select-card]");
    if (picker) { event.preventDefault(); select(picker); }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var root = table();
    var pressed = root && pickedCard(root);
    if (!pressed) return;
    clearSelection(root);
    pressed.focus();
  });

  // Confirm before a self-harming play; runs in the capture phase, before htmx sends the form.
  // A region's controls share one form: the pressed button is the action.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[ws-send]")) return;
    var button = event.submitter;
    var question = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    var root = table();
    if (root && !form.closest(".signal")) root.classList.add("is-sending");  // one click per version
  }, true);

  // The pressed button's action goes with the match version of the latest frame (its
  // #table-state): a control the frames left in place is still the same legal action, and a
  // click made on an older table is refused as stale by the server. Taken when the click is
  // sent, so a click queued while offline keeps the version it was made on.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var submitted = event.detail.triggeringEvent;
    var button = submitted && submitted.submitter;
    if (button && button.name === "action") event.detail.parameters.action = button.value;
    var form = event.target;
    var marker = state();
    if (form && form.matches && form.matches("form.acts") && marker) {
      event.detail.parameters.version = marker.getAttribute("data-version");
    }
  });

  // --- no click vanishes -------------------------------------------------------------------

  // A move written to a socket that then closed may never have been answered (the server went
  // away with it). The move is kept until the table moves past its version or a toast answers
  // it; after a reconnect, once the whole table has come, it is sent again if the table is
  // still at the version it was made on. The server's version check refuses a duplicate, so a
  // move is made once. Moves clicked while the socket was closed wait in the ws extension's
  // own queue and go out on the new socket by themselves: only a move sent on an earlier
  // socket is sent again.
  var socketNumber = 0;
  var unanswered = null;  // {message, version, socket}
  var awaitingWholeTable = false;

  function movedVersion(message) {
    try {
      var version = parseInt(JSON.parse(message).version, 10);
      return isNaN(version) ? null : version;
    } catch (error) { return null; }
  }
  function matchVersion() {
    var marker = state();
    return marker ? parseInt(marker.getAttribute("data-version"), 10) : -1;
  }

  document.addEventListener("htmx:wsOpen", function () {
    socketNumber += 1;
    awaitingWholeTable = true;
  });
  document.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target;
    if (!form || !form.matches || !form.matches("form.acts")) return;
    var version = movedVersion(event.detail.message);
    if (version !== null) unanswered = { message: event.detail.message, version: version, socket: socketNumber };
  });
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var message = event.detail.message || "";
    var whole = /^\s*<div id="table"[\s>]/.test(message);
    if (!whole && !STATE.test(message)) {
      if (message.indexOf('id="toasts"') >= 0) unanswered = null;  // a refusal: the answer
      return;
    }
    if (!unanswered) { if (whole) awaitingWholeTable = false; return; }
    if (matchVersion() > unanswered.version) { unanswered = null; return; }  // it was made
    if (whole && awaitingWholeTable) {
      awaitingWholeTable = false;
      if (unanswered.socket < socketNumber && matchVersion() === unanswered.version) {
        unanswered.socket = socketNumber;  // still unanswered until the table or a toast says
        var root = table();
        if (root) root.classList.add("is-sending");
        event.detail.socketWrapper.send(unanswered.message);
      }
    }
  });

  // Reconnect soon after a server restart: the extension's own pauses grow to a minute.
  function quickReconnects() {
    if (!window.htmx) return;
    window.htmx.config.wsReconnectDelay = function (retries) {
      return Math.min(4000, 250 * Math.pow(2, retries)) * (0.5 + Math.random() / 2);
    };
  }
  quickReconnects();
  document.addEventListener("DOMContentLoaded", quickReconnects);

  // --- countdowns ----------------------------------------------------------------------------

  function format(seconds) {
    var m = Math.floor(seconds / 60);
    var s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // Each countdown counts from the seconds the server drew, measured from when that timer's
  // region arrived, so a wrong client clock cannot show a wrong time.
  function startTimers() {
    var root = table();
    if (!root) return;
    var now = Date.now();
    root.querySelectorAll(".timer[data-seconds]").forEach(function (timer) {
      if (!timer.hasAttribute("data-started")) timer.setAttribute("data-started", String(now));
    });
    if (ticking) clearInterval(ticking);
    function tick() {
      root.querySelectorAll(".timer[data-seconds]").forEach(function (timer) {
        var passed = Math.floor((Date.now() - parseInt(timer.getAttribute("data-started"), 10)) / 1000);
        var left = Math.max(0, parseInt(timer.getAttribute("data-seconds"), 10) - passed);
        timer.textContent = format(left);
        timer.classList.toggle("is-low", left <= 5);
      });
    }
    tick();
    ticking = setInterval(tick, 1000);
  }

  // --- the log ---------------------------------------------------------------------------------

  function logList() { return document.getElementById("log-lines"); }

  var logAtEnd = true;
  function noteLogPosition() {
    var log = logList();
    logAtEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  }
  function scrollLog() {
    var log = logList();
    if (log && logAtEnd) log.scrollTop = log.scrollHeight;  // newest line at the bottom
  }

  // New log lines (and "your decision") go to a live region outside the table, which a whole
  // table frame replaces; a replaced live region is not reliably announced.
  var seenLines = null;
  function announce(root) {
    var announcer = document.getElementById("table-announcer");
    var log = logList();
    var count = log ? log.children.length : 0;
    if (announcer && seenLines !== null && count >= seenLines) {
      var fresh = [];
      for (var i = seenLines; i < count; i++) fresh.push(log.children[i].textContent.replace(/\s+/g, " ").trim());
      if (root.classList.contains("tablescreen--mine") && decisionChanged) fresh.push(announcer.getAttribute("data-your-turn"));
      if (fresh.length) announcer.textContent = fresh.join(" ");
    }
    seenLines = count;
  }

  // The log drawer: open by default on wide screens, one tap away on phones; the choice stays
  // with the page (a whole-table frame does not reset it).
  var narrow = window.matchMedia("(max-width: 50rem), (max-height: 30rem)");
  function logOpen() { return document.documentElement.getAttribute("data-log") !== "closed"; }
  function paintLogToggle() {
    document.querySelectorAll("[data-log-toggle]").forEach(function (button) {
      button.setAttribute("aria-expanded", logOpen() ? "true" : "false");
    });
  }
  document.documentElement.setAttribute("data-log", narrow.matches ? "closed" : "open");
  // Turning a tablet or resizing a window: the drawer follows the width it is drawn for.
  narrow.addEventListener("change", function () {
    document.documentElement.setAttribute("data-log", narrow.matches ? "closed" : "open");
    paintLogToggle();
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-log-toggle]")) return;
    document.documentElement.setAttribute("data-log", logOpen() ? "closed" : "open");
    paintLogToggle();
    if (logOpen()) { logAtEnd = true; scrollLog(); }
  });

  // --- toasts ----------------------------------------------------------------------------------

  // A refusal or news is read, then leaves by itself; × (or Escape) sends it away at once.
  var TOAST_MS = 6000;
  function placeToasts(box) {
    // Over the top line: text, never a control (the role bar under it is text too).
    var line = document.getElementById("table-top");
    if (!line) return;
    var r = line.getBoundingClientRect();
    box.style.top = Math.max(0, r.top) + "px";
    box.style.left = r.left + "px";
    box.style.right = "auto";
    box.style.width = Math.max(160, r.width) + "px";
  }
  function tendToasts() {
    var box = document.getElementById("toasts");
    if (!box) return;
    box.classList.add("toasts--table");
    placeToasts(box);
    box.querySelectorAll(".toast:not([data-tended])").forEach(function (toast) {
      toast.setAttribute("data-tended", "");
      var close = document.createElement("button");
      close.type = "button";
      close.className = "toast__close";
      var words = document.getElementById("toast-words");
      close.setAttribute("aria-label", (words && words.getAttribute("data-dismiss")) || "×");
      close.textContent = "×";
      close.addEventListener("click", function () { toast.remove(); });
      toast.appendChild(close);
      setTimeout(function () { toast.remove(); }, TOAST_MS);
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var toast = document.querySelector("#toasts .toast:last-child");
    if (toast && !(table() && pickedCard(table()))) toast.remove();
  });

  // --- after each frame --------------------------------------------------------------------

  // R98: once the game is over the summary opens by itself after a beat (time to read the last
  // line), once, and the gameover panel says so; "Stay at the table" keeps the player here.
  var resultTimer = null;
  var stayAtTable = false;
  function goToResult(root) {
    var url = root.getAttribute("data-result-url");
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

  // A seat's classes follow its regions: out of the match, on turn, deciding.
  function syncSeats(root) {
    root.querySelectorAll(".seat").forEach(function (seat) {
      seat.classList.toggle("seat--out", !!seat.querySelector(".seatpub--out"));
      seat.classList.toggle("seat--turn", !!seat.querySelector(".seatnow--turn"));
      seat.classList.toggle("seat--deciding", !!seat.querySelector(".seatnow--deciding"));
    });
  }

  // The whole screen's classes come with every frame's state element.
  function syncState(root) {
    var marker = state();
    if (!marker) return;
    root.classList.toggle("tablescreen--mine", marker.getAttribute("data-mine") === "1");
    root.classList.toggle("tablescreen--noon", marker.getAttribute("data-noon") === "1");
    root.setAttribute("data-version", marker.getAttribute("data-version"));
    root.setAttribute("data-table-version", marker.getAttribute("data-table-version"));
    root.setAttribute("data-result-url", marker.getAttribute("data-result-url"));
  }

  // Keyboard players keep their place: if focus was on the table and the region holding it was
  // redrawn by a new decision, it moves to the first thing to do now.
  var focusWasOnTable = false;
  var decisionChanged = false;
  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    if (event.defaultPrevented) return;
    var root = table();
    focusWasOnTable = !!root && root.contains(document.activeElement);
    decisionChanged = false;
    noteLogPosition();
  });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    var id = event.target && event.target.id;
    if (id === "table-decision" || id === "table-hand" || id === "table" ||
        (id && id.indexOf("hand-") === 0)) decisionChanged = true;
  });

  function refreshed() {
    var root = table();
    if (!root) return;
    syncState(root);
    syncSeats(root);
    root.classList.remove("is-sending");  // the table moved on, or a toast said no
    announce(root);
    var first = light(root);
    var lost = !root.contains(document.activeElement);
    if (focusWasOnTable && decisionChanged && lost) {
      // In order of urgency; the picked card's first target if a pick survived.
      var next = first || root.querySelector(".prompt .act__button") ||
        root.querySelector(".hand .card--playable") || root.querySelector(".act--end .act__button");
      if (next) next.focus();
    }
    focusWasOnTable = false;
    startTimers();
    scrollLog();
    paintLogToggle();
    goToResult(root);
  }

  document.addEventListener("DOMContentLoaded", function () {
    decisionChanged = true;
    refreshed();
    tendToasts();
  });
  document.addEventListener("htmx:wsAfterMessage", function () { refreshed(); tendToasts(); });
  document.addEventListener("htmx:afterSettle", function () {
    // The whole table fetched after a lost frame.
    decisionChanged = true;
    refreshed();
  });
  // Turning a phone changes the log's height: keep its newest line in view.
  window.addEventListener("resize", function () {
    scrollLog();
    var box = document.getElementById("toasts");
    if (box) placeToasts(box);
  });
})();
