import { atom, useAtom } from 'jotai';
import { DATA_SAVER_COOKIE, dataSaverOn } from '@shared/rules/data-saver';
import { appStore } from './store';

/** Where the visitor's choice is kept on the device. */
const STORAGE_KEY = 'gavel.data-saver';

/** Whether the browser asks for less data (`Save-Data`, the phone's data saver): Chromium says so in `navigator.connection.saveData`. */
function browserSavesData(): boolean {
  const connection = (typeof navigator !== 'undefined' ? (navigator as Navigator & { connection?: { saveData?: boolean } }).connection : undefined) ?? null;
  return connection?.saveData === true;
}

/** The visitor's own choice ('on' / 'off'), or null when they made none. */
function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Data saver (issue 17): smaller pictures and no autoplaying media. On when the visitor turned it
 * on, or, when they never chose, when the browser says it saves data (`Save-Data`).
 */
export const dataSaverAtom = atom<boolean>(dataSaverOn(storedChoice(), browserSavesData()));

/** Whether data saver is on now (for code outside React). */
export function isDataSaver(): boolean {
  return appStore.get(dataSaverAtom);
}

/** Data saver's state and the switch that turns it on or off (the choice is kept on the device). */
export function useDataSaver(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useAtom(dataSaverAtom);
  const set = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Storage may be unavailable (private mode): the choice lasts for this page only.
    }
    // The server reads it too, to draw a page's first screen with the small pictures (issue 17).
    document.cookie = `${DATA_SAVER_COOKIE}=${next ? 'on' : 'off'}; path=/; max-age=31536000; SameSite=Lax`;
  };
  return [on, set];
}
