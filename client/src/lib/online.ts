import { useSyncExternalStore } from 'react';

/** Calls `onChange` when the browser goes online or offline; returns the unsubscribe. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a network now (`navigator.onLine`). False means surely offline
 * (no network at all, or flight mode); true only means some network is there, not that Gavel
 * answers. Outside a browser: true. Source: issue "Installable and offline".
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * {@link isOnline} as React state: the component renders again on the browser's `online` and
 * `offline` events. Source: issue "Installable and offline".
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
