import { z } from 'zod';
import { apiGet, apiSend } from '../../../lib/api-client';

/** `GET /api/push/key` → the public VAPID key (base64url). Source: issue 16 "Web push". */
export async function getPushKey(): Promise<string> {
  return z.object({ public_key: z.string() }).parse(await apiGet('/api/push/key')).public_key;
}

/** `POST /api/push/subscriptions` with the browser's subscription. */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiSend('POST', '/api/push/subscriptions', subscription);
}

/** `DELETE /api/push/subscriptions` for this browser's endpoint. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiSend('DELETE', '/api/push/subscriptions', { endpoint });
}
