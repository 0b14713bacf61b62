// The table's notification worker: it exists so notifications can be shown (and listed) through
// a service worker registration, and so clicking one brings the player back to their table.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === url && "focus" in windows[i]) return windows[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
