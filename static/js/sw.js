// The service worker of the referee site: it keeps the table pages and the site's assets so
// that a table page opens without network (HTTPS or localhost only: browsers run service
// workers in secure contexts). Deals are never posted from here: the page's outbox does it.

const CACHE = "referee-pages-v1";
const TABLE_PAGE = /^\/t\/[^/]+\/r\/\d+\/t\/\d+\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const url = new URL(request.url);
    const cached = (await cache.match(request)) || (await cache.match(url.pathname));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const fresh = fetch(request)
    .then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return cached || (await fresh) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(cacheFirst(request));
  } else if (TABLE_PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});
