// Room page helpers: go to the table when the room says the match began, copy the share
// link, and show why the server refused a host control (htmx leaves 4xx bodies unswapped).
(function () {
  "use strict";

  function tableLink() { return document.querySelector("#room [data-navigate]"); }
  // A page opened while the match runs stays (it may have come from the table's "Back to
  // room"); only a room that starts while the page is open sends everyone to the table.
  var wasStarted = Boolean(tableLink());

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) { return; }
    var url = window.location.origin + button.getAttribute("data-copy");
    var done = function () { button.textContent = button.getAttribute("data-copied"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(done, function () { window.prompt("", url); });
    } else {
      window.prompt("", url);
    }
  });

  // An agent's token (shown once to the host) is copied as it is, not as a link.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-text]");
    if (!button) { return; }
    var text = button.getAttribute("data-copy-text");
    var done = function () { button.textContent = button.getAttribute("data-copied"); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { window.prompt("", text); });
    } else {
      window.prompt("", text);
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var box = document.getElementById("room-error");
    var xhr = event.detail.xhr;
    if (box && xhr && (xhr.status === 409 || xhr.status === 400)) {
      box.textContent = xhr.responseText;
      box.hidden = false;
    }
  });

  // Kick and Block ask first (hx-confirm) and a few controls answer only through htmx, so
  // they cannot post as plain forms the way the room's other controls do: they come disabled
  // and are enabled here once htmx has bound them, on the first page and on every redraw the
  // room's socket swaps in. A click in the page's first moments then waits instead of being
  // lost.
  htmx.onLoad(function (root) {
    if (root.matches && root.matches("[data-awaits-htmx]")) { root.disabled = false; }
    root.querySelectorAll("[data-awaits-htmx]").forEach(function (button) { button.disabled = false; });
  });

  // A seated bot's strength is sent when its picker changes, which htmx hears only once it
  // has bound the page: a strength picked in the page's first moments would show on the
  // picker and never be saved. Once bound, any picker that differs from what the server drew
  // is sent.
  htmx.onLoad(function (root) {
    if (root !== document.body) { return; }
    root.querySelectorAll("#room form[hx-trigger='change'] select").forEach(function (select) {
      var drawn = select.querySelector("option[selected]");
      if (drawn && select.value !== drawn.value) { htmx.trigger(select.form, "change"); }
    });
  });

  // The room fragment arrives over the WebSocket (hx-swap-oob); watch for the one that
  // carries the table link.
  new MutationObserver(function () {
    var link = tableLink();
    if (link && !wasStarted) { window.location.assign(link.getAttribute("href")); }
    wasStarted = Boolean(link);
  }).observe(document.body, { childList: true, subtree: true });
})();
