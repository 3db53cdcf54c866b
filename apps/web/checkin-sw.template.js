/* global self, caches */
/* The door app's service worker (docs/checkin-app.md), written by the web build (vite.config.ts,
 * checkinServiceWorker) with the list of the door app's files. Scope /checkin: nothing else of the
 * portal is controlled. The app shell and its scripts, stylesheet and QR decoder are kept in a cache
 * named after the build; pages are asked from the network first and from the cache when it fails;
 * the API is never answered from here (the app keeps its data in IndexedDB). */
const PRECACHE = self.__CHECKIN_PRECACHE__;
const CACHE = `checkin-${self.__CHECKIN_VERSION__}`;
const SHELL = '/checkin';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('checkin-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      withTimeout(fetch(request), 5000)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((cached) => cached || Response.error())),
    );
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(caches.match(url.pathname).then((cached) => cached || fetch(request)));
});
