/* global self, caches */
// Part of Gavel's service worker (/sw.js imports it): when someone signs in, signs out or
// registers on this device, the stored lots and reading answers are forgotten, so a lot stored
// with one bidder's standing (their maximum, their name on the bids) is never shown to the next.
const SESSION_CHANGES = ['/login', '/logout', '/api/login', '/api/logout', '/api/register'];
const READING_CACHES = ['gavel-lots', 'gavel-reading'];

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'POST') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !SESSION_CHANGES.includes(url.pathname)) return;
  event.waitUntil(Promise.all(READING_CACHES.map((name) => caches.delete(name))));
});
