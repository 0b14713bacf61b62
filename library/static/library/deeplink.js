// Library deep links at the table (R139): a card's ⓘ, a card name in the log or a card in play
// opens that card's library entry (text, tip, suit and rank) in a dialog, without leaving the
// table. The server renders the entry (the same URL as the library page, asked for as an htmx
// fragment); without this script the links simply open the library page.
(function () {
  "use strict";

  var opener = null;

  function dialog() { return document.getElementById("library-dialog"); }

  function show(html) {
    var box = dialog();
    var body = box.querySelector("[data-library-body]");
    body.innerHTML = html;
    // Links in the entry open the library in a new tab: the match goes on in this one.
    body.querySelectorAll("a[href]").forEach(function (a) {
      a.target = "_blank";
      a.rel = "noopener";
    });
    if (!box.open) box.showModal();
    var close = box.querySelector(".libdialog__close");
    if (close) close.focus();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-library-link]");
    var box = dialog();
    if (!link || !box || typeof box.showModal !== "function") return;
    // A new tab stays a new tab.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener = link;
    fetch(link.getAttribute("href"), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(show)
      .catch(function () {
        var p = document.createElement("p");
        p.textContent = box.getAttribute("data-error");
        show(p.outerHTML);
      });
  });

  document.addEventListener("close", function (event) {
    if (event.target !== dialog()) return;
    // Back to the card that opened it, if a table update has not replaced it meanwhile.
    if (opener && opener.isConnected) opener.focus();
    opener = null;
  }, true);

  // A click on the backdrop closes the dialog, as players expect of a popup.
  document.addEventListener("click", function (event) {
    var box = dialog();
    if (box && event.target === box) box.close();
  });
})();
