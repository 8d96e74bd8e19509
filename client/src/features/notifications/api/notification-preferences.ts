import { apiGet, apiSend } from '../../../lib/api-client';
import { notificationPreferencesSchema, type NotificationPreferenceInput, type NotificationPreferences } from '@shared/schemas/notification.schema';

/** `GET /api/notifications/preferences` → the grid of kinds × channels. Source: issue 16 "Preferences". */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiGet('/api/notifications/preferences', undefined, { withCsrf: true }));
}

/** `PATCH /api/notifications/preferences` → the grid after the change. */
export async function changeNotificationPreference(input: NotificationPreferenceInput): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiSend('PATCH', '/api/notifications/preferences', input));
}
