// Push handlers of Gavel's service worker (/sw.js, built by the client's Vite config, imports this
// file): shows web push notifications (outbid, closing soon, won …) and opens the lot when one
// is tapped. Pushes carry {title, body, url} (server/notifications/push-sender.ts).
/* global self */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Gavel', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/favicon.svg',
      // One notification per page: a newer outbid on the same lot replaces the older one.
      tag: url,
      renotify: true,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === url && 'focus' in w) return w.focus();
      return self.clients.openWindow(url);
    }),
  );
});
