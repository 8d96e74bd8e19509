import { apiGet } from '../../../lib/api-client';
import { notificationsPageSchema, type NotificationsPage } from '@shared/schemas/notification.schema';

/** `GET /api/notifications` → the newest page (older than `before` when given) and the unread count. Source: issue 16. */
export async function getNotifications(before?: number): Promise<NotificationsPage> {
  return notificationsPageSchema.parse(await apiGet('/api/notifications', before ? { before, per_page: 20 } : { per_page: 20 }, { withCsrf: true }));
}
