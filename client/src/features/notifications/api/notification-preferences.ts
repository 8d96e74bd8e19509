import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { notificationPreferencesSchema, type NotificationPreferenceInput, type NotificationPreferences } from '@shared/schemas/notification.schema';
import { notificationKeys } from './query-keys';

/** `GET /api/notifications/preferences` → the grid of kinds × channels. Source: issue 16 "Preferences". */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiGet('/api/notifications/preferences', undefined, { withCsrf: true }));
}

/** `PATCH /api/notifications/preferences` → the grid after the change. */
export async function changeNotificationPreference(input: NotificationPreferenceInput): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(await apiSend('PATCH', '/api/notifications/preferences', input));
}

/** The signed-in user's notification settings (`GET /api/notifications/preferences`). */
export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: getNotificationPreferences });
}

/** Changes one kind × channel ({@link changeNotificationPreference}); the grid the server answers replaces the cached one. */
export function useChangeNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotificationPreference,
    onSuccess: (prefs) => queryClient.setQueryData(notificationKeys.preferences, prefs),
  });
}
