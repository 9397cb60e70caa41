// Nobody is signed in on this page (after a logout, or a session that ended): the service
// worker's page cache holds table pages as their referee saw them; it is emptied, so that
// the next user of a shared tablet never opens them offline. The offline outbox (IndexedDB)
// is kept: the deals queued there wait for their author (see outbox.js).
(function () {
  "use strict";
  if (!("caches" in window)) return;
  caches.keys().then(function (names) {
    return Promise.all(
      names.filter(function (n) { return n.indexOf("referee-pages-") === 0; })
        .map(function (n) { return caches.delete(n); }));
  }).then(function () {
    document.documentElement.dataset.pageCache = "cleared";
  }, function () {
    document.documentElement.dataset.pageCache = "failed";
  });
})();
