import { ApiError, apiGetAsked } from '../../../lib/api-client';
import { MESSAGES } from '@shared/messages';
import type { Item } from '@shared/schemas/item.schema';
import { normaliseItem } from '../../../lib/item-normalise';
import { noteItemCopy } from '../../../lib/socket';

/**
 * `GET /ajax-item/{id}`: the item. Rejects with an Error whose message is the text to show:
 * 404 'Item not found'; 5xx 'Server error. Please try again later.'; other 'Failed to load
 * item'; an answer without id 'Invalid item data received'. Source: spec/shopping.md §7. Notes
 * when the copy was asked for (lib/socket.ts `noteItemCopy`).
 */
export async function getItem(id: number, signal?: AbortSignal): Promise<Item> {
  let body: unknown;
  let askedAt: number;
  try {
    ({ body, askedAt } = await apiGetAsked(`/ajax-item/${id}`, undefined, { signal }));
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.status === 404) throw new Error(MESSAGES.itemNotFound);
      if (e.status >= 500) throw new Error(MESSAGES.serverError);
    }
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new Error(MESSAGES.failedToLoadItem);
  }
  const item = normaliseItem(body);
  if (!item) throw new Error(MESSAGES.invalidItemData);
  noteItemCopy(id, askedAt);
  return item;
}
