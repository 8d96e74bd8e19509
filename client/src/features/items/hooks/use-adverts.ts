import { useEffect, useState } from 'react';
import { getSocket } from '../../../lib/socket';
import { getAdverts, shownAdverts, type Advert } from '../api/get-adverts';

/**
 * Shown adverts; `loaded` turns true once the (possibly failed) lookup finished. The list is
 * replaced live when the server pushes `advert:updated` (an operator change, or an advert
 * starting or passing its end). Source: spec/accounts-and-shell.md §4.
 */
export function useAdverts(): { adverts: Advert[]; loaded: boolean } {
  const [adverts, setAdverts] = useState<Advert[]>([]);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void getAdverts().then((list) => {
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
