import { apiSend } from '../../../lib/api-client';
import { markNotificationsReadResultSchema } from '@shared/schemas/notification.schema';

/** `POST /api/notifications/read` with `{ids}` or `{all: true}` → the unread count after. Source: issue 16. */
export async function markNotificationsRead(ids: number[] | 'all'): Promise<number> {
  return markNotificationsReadResultSchema.parse(await apiSend('POST', '/api/notifications/read', ids === 'all' ? { all: true } : { ids })).unread;
}
