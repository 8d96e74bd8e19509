import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsPatch, SiteSettingsView } from '@shared/schemas/site-settings.schema';
import { apiGet, apiSend } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { settingsKeys } from './query-keys';

/** `GET /api/admin/settings` → the operators' settings. Source: issue 20 item 8; issue 13. */
export async function getSiteSettings(): Promise<SiteSettingsView> {
  return ((await apiGet('/api/admin/settings')) as { data: SiteSettingsView }).data;
}

/** `PATCH /api/admin/settings` → the settings after the change. Rejects with the api client's error. */
export async function changeSiteSettings(patch: SiteSettingsPatch): Promise<SiteSettingsView> {
  return ((await apiSend('PATCH', '/api/admin/settings', patch)) as { data: SiteSettingsView }).data;
}

/** Address of the newsletter subscribers' CSV download (`GET`, admin role). Source: issue 13 "Settlement and results". */
export const NEWSLETTER_SUBSCRIBERS_CSV = '/api/admin/newsletter/subscribers.csv';

/** The operators' settings as a query. */
export const siteSettingsQuery = () => queryOptions({ ...operatorReadOptions, queryKey: settingsKeys.all, queryFn: getSiteSettings });

/** Changes settings ({@link changeSiteSettings}); the server's answer becomes the cached settings. */
export function useChangeSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSiteSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
