/** The cookie that carries the visitor's data saver choice ('on' / 'off') to the server. */
export const DATA_SAVER_COOKIE = 'gavel_data_saver';

/**
 * Whether data saver is on (smaller pictures, no autoplaying media): the visitor's own choice
 * when they made one ('on' / 'off'), else what the browser says (`Save-Data: on` on the server,
 * `navigator.connection.saveData` in the page). Source: issue 17 "A data saver switch (also on
 * when the browser says Save-Data)".
 */
export function dataSaverOn(choice: string | null | undefined, browserSavesData: boolean): boolean {
  if (choice === 'on') return true;
  if (choice === 'off') return false;
  return browserSavesData;
}
