// The table's top buttons (R138): 🔔 turn notifications with an optional sound, and ⛶ focus
// mode (shortcut F). Off by default; remembered on the account for a signed-in player (POST to
// data-save-url) and in localStorage for a guest. A notification is shown when a decision of
// this player starts (the table gets .tablescreen--mine at a new version) while the
// tab is hidden.
(function () {
  "use strict";

  var STORE = "bangarena.tableTools";
  var KEYS = ["notify", "sound", "focus"];
  var bar = null;
  var state = { notify: false, sound: false, focus: false };
  var workerReady = null;
  var audio = null;
  var lastDecision = null;

  function say(text) {
    var status = bar.querySelector("[data-tools-status]");
    if (status) status.textContent = text || "";
  }

  function load() {
    KEYS.forEach(function (key) { state[key] = bar.getAttribute("data-" + key) === "1"; });
    if (bar.getAttribute("data-save-url")) return;  // signed in: the page rendered the account's
    try {
      var saved = JSON.parse(window.localStorage.getItem(STORE) || "{}");
      KEYS.forEach(function (key) { if (typeof saved[key] === "boolean") state[key] = saved[key]; });
    } catch (error) { /* no storage (private mode): defaults */ }
  }

  function save(changes) {
    var url = bar.getAttribute("data-save-url");
    if (!url) {
      try { window.localStorage.setItem(STORE, JSON.stringify(state)); } catch (error) { /* ignore */ }
      return;
    }
    var body = new URLSearchParams();
    Object.keys(changes).forEach(function (key) { body.append(key, changes[key] ? "1" : "0"); });
    fetch(url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": bar.getAttribute("data-csrf") },
    });
  }

  function paint() {
    KEYS.forEach(function (key) {
      bar.setAttribute("data-" + key, state[key] ? "1" : "");
      var button = bar.querySelector('[data-tool="' + key + '"]');
      if (button) button.setAttribute("aria-pressed", state[key] ? "true" : "false");
    });
    var sound = bar.querySelector('[data-tool="sound"]');
    if (sound) sound.hidden = !state.notify;
  }

  function set(key, value) {
    state[key] = value;
    var changes = {};
    changes[key] = value;
    paint();
    save(changes);
  }

  // --- notifications ---------------------------------------------------------------------

  function supported() { return "Notification" in window; }

  // A service worker registration shows notifications where `new Notification` is not allowed
  // (Android) and lets a click bring the player back to this tab.
  function worker() {
    if (workerReady) return workerReady;
    if (!("serviceWorker" in navigator)) {
      workerReady = Promise.resolve(null);
      return workerReady;
    }
    workerReady = navigator.serviceWorker.register(bar.getAttribute("data-worker")).then(function (reg) {
      if (reg.active) return reg;
      var installing = reg.installing || reg.waiting;
      return new Promise(function (resolve) {
        installing.addEventListener("statechange", function () {
          if (installing.state === "activated") resolve(reg);
        });
      });
    }).catch(function () { return null; });
    return workerReady;
  }

  function enableNotifications() {
    if (!supported()) { say(bar.getAttribute("data-unsupported")); return; }
    var asked = Notification.permission === "default"
      ? Notification.requestPermission()
      : Promise.resolve(Notification.permission);
    asked.then(function (permission) {
      if (permission !== "granted") { say(bar.getAttribute("data-denied")); return; }
      set("notify", true);
      say(bar.getAttribute("data-on"));
      worker();
    });
  }

  function beep() {
    if (!audio) return;
    try {
      var oscillator = audio.createOscillator();
      var gain = audio.createGain();
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.4);
    } catch (error) { /* no sound is fine */ }
  }

  function unlockAudio() {
    // Browsers only let a page make sound after a click on it: make the context then.
    if (audio || !(window.AudioContext || window.webkitAudioContext)) return;
    audio = new (window.AudioContext || window.webkitAudioContext)();
  }

  function showNotification(root) {
    var topline = root.querySelector(".topline");
    var options = {
      body: topline ? topline.textContent.replace(/\s+/g, " ").trim() : bar.getAttribute("data-body"),
      tag: "bangarena-decision",
      renotify: true,
      data: { url: window.location.href },
    };
    var title = bar.getAttribute("data-title");
    worker().then(function (reg) {
      if (reg) return reg.showNotification(title, options);
      var shown = new Notification(title, options);
      shown.onclick = function () { window.focus(); shown.close(); };
      return null;
    }).catch(function () { /* a refused notification changes nothing at the table */ });
    if (state.sound) beep();
  }

  function decisionCheck() {
    var root = document.getElementById("table");
    if (!root || !bar) return;
    var mine = root.classList.contains("tablescreen--mine");
    var key = mine ? root.getAttribute("data-version") : null;
    if (mine && key !== lastDecision && document.hidden && state.notify &&
        supported() && Notification.permission === "granted") {
      showNotification(root);
    }
    lastDecision = key;
  }

  // --- focus mode -------------------------------------------------------------------------

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener("keydown", function (event) {
    if (!bar || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.key === "f" || event.key === "F") && !typing(event.target)) {
      event.preventDefault();
      set("focus", !state.focus);
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-tool]");
    if (!button || !bar || !bar.contains(button)) return;
    var tool = button.getAttribute("data-tool");
    if (tool === "focus") set("focus", !state.focus);
    if (tool === "sound") { unlockAudio(); set("sound", !state.sound); }
    if (tool === "notify") {
      unlockAudio();
      if (state.notify) { set("notify", false); say(""); } else enableNotifications();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    bar = document.querySelector("[data-tools]");
    if (!bar) return;
    load();
    // Permission taken away since last time: the switch shows off, as it is.
    if (state.notify && (!supported() || Notification.permission !== "granted")) state.notify = false;
    paint();
    if (state.notify) worker();
    var root = document.getElementById("table");
    lastDecision = root && root.classList.contains("tablescreen--mine") ? root.getAttribute("data-version") : null;
  });
  // After table.js has brought the screen's classes up to date from the frame.
  document.addEventListener("htmx:wsAfterMessage", decisionCheck);
})();
