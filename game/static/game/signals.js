// Table signals on the client (R122-R128): fade each reaction bubble when its time is up, keep
// one mark menu open at a time (Escape or a click elsewhere closes it), and keep a keyboard
// player's focus on the same signal button after the region holding it is redrawn. The server renders
// every signal and checks every rule; this only adds behaviour.
(function () {
  "use strict";

  function table() { return document.getElementById("table"); }

  // Each bubble carries how long it still shows (server time), so a fresh render of the same
  // reaction fades at the same moment.
  function fadeReactions() {
    var root = table();
    if (!root) return;
    root.querySelectorAll("[data-reaction-left-ms]").forEach(function (bubble) {
      if (bubble.getAttribute("data-fading")) return;
      bubble.setAttribute("data-fading", "1");
      var left = parseInt(bubble.getAttribute("data-reaction-left-ms"), 10) || 0;
      setTimeout(function () {
        bubble.classList.add("is-gone");
        setTimeout(function () { bubble.hidden = true; }, 700);
      }, left);
    });
  }

  function closeMenus(except) {
    document.querySelectorAll("[data-markmenu][open]").forEach(function (menu) {
      if (menu !== except) menu.removeAttribute("open");
    });
  }

  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (menu.matches && menu.matches("[data-markmenu]") && menu.open) {
      closeMenus(menu);
      var first = menu.querySelector(".markmenu__panel button");
      if (first && menu.contains(document.activeElement)) first.focus();
    }
  }, true);

  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-markmenu]")) closeMenus(null);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelector("[data-markmenu][open]");
    if (!open) return;
    open.removeAttribute("open");
    var summary = open.querySelector("summary");
    if (summary) summary.focus();
  });

  // A frame may redraw the region holding a signal control: remember which one had focus (and
  // which mark menu was open) and give them back in the new region.
  var focusKey = null;
  var openMenuKey = null;
  function remember() {
    var active = document.activeElement;
    var key = active && active.closest && active.closest("[data-signal-key]");
    focusKey = key ? key.getAttribute("data-signal-key") : null;
    var open = document.querySelector("[data-markmenu][open] summary");
    openMenuKey = open ? open.getAttribute("data-signal-key") : null;
  }
  function restore() {
    var root = table();
    if (!root) return;
    if (openMenuKey) {
      var summary = root.querySelector('[data-signal-key="' + openMenuKey + '"]');
      if (summary && summary.parentNode.open) summary = null;  // its region was not redrawn
      // A sent mark closes its menu; a refused one or another player's update keeps it open.
      if (summary && !(focusKey && focusKey.indexOf("mark-") === 0)) summary.parentNode.setAttribute("open", "");
    }
    if (focusKey) {
      var target = root.querySelector('[data-signal-key="' + focusKey + '"]');
      if (focusKey.indexOf("mark-") === 0) {
        target = root.querySelector('[data-signal-key="markmenu-' + focusKey.split("-")[1] + '"]');
      }
      if (target && target !== document.activeElement) target.focus();
    }
    focusKey = null;
    openMenuKey = null;
  }
  document.addEventListener("htmx:wsBeforeMessage", remember);

  function refreshed() {
    restore();
    fadeReactions();
  }
  document.addEventListener("DOMContentLoaded", fadeReactions);
  document.addEventListener("htmx:wsAfterMessage", refreshed);
})();
