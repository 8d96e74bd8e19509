import { useEffect, useState } from 'react';
import { getAdverts, type Advert } from '../api/get-adverts';

/** Shown adverts; `loaded` turns true once the (possibly failed) lookup finished. */
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
    return () => {
      cancelled = true;
    };
  }, []);
  return { adverts, loaded };
}
