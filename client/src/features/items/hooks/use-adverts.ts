import { use, useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';
import { loadAdverts, loadedAdverts, shownAdverts, takeAdverts, type Advert } from '../api/get-adverts';

/** How long the home page waits for its adverts before it shows itself without them (ms). */
const ADVERTS_WAIT_MS = 3000;

let firstAdvertsOrTimeout: Promise<unknown> | null = null;

/**
 * Suspends the calling page (React `use`, so its Suspense fallback shows) until the first adverts
 * lookup finished, at most {@link ADVERTS_WAIT_MS}: the home page then renders its hero or its
 * banners once, instead of the hero first and the banners over it later (the layout shift of
 * issue 17). Returns at once when the adverts are already known.
 */
export function useAdvertsReady(): void {
  if (loadedAdverts() !== null) return;
  firstAdvertsOrTimeout ??= Promise.race([loadAdverts(), new Promise((resolve) => setTimeout(resolve, ADVERTS_WAIT_MS))]);
  use(firstAdvertsOrTimeout);
}

/**
 * Shown adverts; `loaded` turns true once the (possibly failed) lookup finished. The list is
 * replaced live when the server pushes `advert:updated` (an operator change, or an advert
 * starting or passing its end). The first mount takes the start-up lookup ({@link loadAdverts});
 * later mounts ask again. Source: spec/accounts-and-shell.md §4.
 */
export function useAdverts(): { adverts: Advert[]; loaded: boolean } {
  const [adverts, setAdverts] = useState<Advert[]>(() => loadedAdverts() ?? []);
  const [loaded, setLoaded] = useState(() => loadedAdverts() !== null);
  useEffect(() => {
    let cancelled = false;
    void takeAdverts().then((list) => {
      if (cancelled) return;
      setAdverts(list);
      setLoaded(true);
    });
    const socket = getSocket();
    const onUpdate = (e: { adverts: unknown[] }) => {
      setAdverts(shownAdverts(e.adverts));
      setLoaded(true);
    };
    socket.on('advert:updated', onUpdate);
    return () => {
      cancelled = true;
      socket.off('advert:updated', onUpdate);
    };
  }, []);
  return { adverts, loaded };
}
