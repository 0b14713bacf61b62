// Quick-match page: count the seconds down between the server's pushes, and go to the
// table once the status the socket brings carries its link.
(function () {
  "use strict";

  setInterval(function () {
    document.querySelectorAll("#quick-status [data-countdown]").forEach(function (node) {
      var left = parseInt(node.textContent, 10);
      if (left > 0) { node.textContent = String(left - 1); }
    });
  }, 1000);

  function go() {
    var link = document.querySelector("#quick-status [data-navigate]");
    if (link) { window.location.assign(link.getAttribute("href")); }
  }
  go();
  new MutationObserver(go).observe(document.body, { childList: true, subtree: true });
})();
