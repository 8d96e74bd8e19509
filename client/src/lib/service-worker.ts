/**
 * Registers Gavel's service worker (`/sw.js`, made by the build: the installable app, pages
 * readable offline, push) once the page has loaded, so it never competes with the page's own
 * first requests. A new version takes over by itself (it skips waiting); pages always come from
 * the server while it answers, so a new build is never hidden behind an old page. Only in a
 * built app (the dev server has no `/sw.js`) and where the browser has service workers.
 * Source: issue "Installable and offline".
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => console.warn('Service worker not registered', e));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
