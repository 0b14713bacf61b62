// Presence and the next match, on every page with a live socket of a match (the table, the
// match summary): the server draws everything, this script only
// - beats over the page's socket every few seconds (data-heartbeat-ms, from game.presence),
//   so the table knows who is here (Q48); only while the socket is open: beats are never
//   queued for a later reconnect;
// - when the room starts its next match (Play again), follows the notice the socket brings:
//   after a short countdown the page goes to the new table, unless "Stay out" is pressed (the
//   seat then starts away, and the autopilot covers it, R121).
(function () {
  "use strict";

  var BEAT = '{"beat":1}';
  var beating = null;
  function beatingSocket(event) {
    var elt = event.target;
    return elt && elt.matches && elt.matches("[ws-connect][data-heartbeat-ms]");
  }
  document.addEventListener("htmx:wsOpen", function (event) {
    if (!beatingSocket(event)) return;
    var wrapper = event.detail.socketWrapper;
    var every = parseInt(event.target.getAttribute("data-heartbeat-ms"), 10) || 2000;
    document.documentElement.setAttribute("data-live", "1");  // the page is live (and tests wait for it)
    if (beating) clearInterval(beating);
    beating = setInterval(function () {
      try { wrapper.sendImmediately(BEAT); } catch (e) { /* closing: the next open beats */ }
    }, every);
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (!beatingSocket(event)) return;
    document.documentElement.removeAttribute("data-live");
    if (!beating) return;
    clearInterval(beating);
    beating = null;
  });

  // --- the next match ------------------------------------------------------------------------

  var GO_AFTER_S = 5;
  var going = null;
  var stayingOut = false;
  function follow() {
    var notice = document.getElementById("next-match");
    var url = notice && notice.getAttribute("data-next-url");
    if (!url || stayingOut || going) return;
    going = setTimeout(function () { window.location.assign(url); }, GO_AFTER_S * 1000);
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("[data-next-stay]")) return;
    stayingOut = true;
    if (going) clearTimeout(going);
    var notice = document.getElementById("next-match");
    if (notice) notice.classList.add("nextmatch--staying");
  });
  document.addEventListener("htmx:wsAfterMessage", follow);
})();
