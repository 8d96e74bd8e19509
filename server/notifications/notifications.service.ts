import type { Kysely } from 'kysely';
import { malawiE164 } from '@shared/rules/sms.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES, type NotificationPreferences } from '@shared/schemas/notification.schema.js';
import type { Database } from '../db/types.js';
import { findRecipients } from './notifications.repository.js';
import { DEFAULT_CHANNELS } from './notification-texts.js';

/**
 * A user's notification grid: every type × channel on or off (their choice, else the default;
 * the app always on), which channels they can change, the number SMS go to (null: their phone
 * number cannot take SMS) and how many browsers push goes to. Source: issue 16 "Preferences".
 */
export async function readPreferences(db: Kysely<Database>, userId: number): Promise<NotificationPreferences> {
  const { preferences: chosen, phones, pushDevices: devices } = await findRecipients(db, [userId], 0);
  const phone = phones.get(userId) ?? null;
  const choices = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => {
          if (channel === 'app') return [channel, true];
          return [channel, chosen.get(`${userId}:${type}:${channel}`) ?? DEFAULT_CHANNELS[type].includes(channel)];
        }),
      ),
    ]),
  ) as NotificationPreferences['choices'];
  const pushDevices = devices.get(userId) ?? 0;
  return { choices, changeable: ['email', 'sms', 'push'], sms_number: malawiE164(phone), push_devices: pushDevices };
}
