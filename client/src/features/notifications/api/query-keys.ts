import { accountQueryKey } from '../../../lib/account-queries';

/** Query keys of the notifications feature (the bell itself lives in its store, atoms/notification-atoms.ts). */
export const notificationKeys = {
  /** `GET /api/notifications/preferences`: the signed-in user's. */
  preferences: accountQueryKey('notifications', 'preferences'),
  /** `GET /api/admin/outbox`. */
  outbox: ['notifications', 'outbox'] as const,
};
