import type { Transaction } from 'kysely';
import type { SiteSettingsPatch, SiteSettingsView } from '@shared/schemas/site-settings.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { putSetting, readSiteSettings } from './settings.repository.js';

/** The settings the command changes, in the order their events are written. */
const SETTING_KEYS = [
  'mask_bidder_names',
  'vat_rate_percent',
  'payment_due_days',
  'soft_close_minutes',
  'cod_reservation_hours',
  'auctioneer_contact',
] as const satisfies readonly (keyof SiteSettingsPatch & keyof SiteSettingsView)[];

/**
 * Command: an operator changes site settings (`mask_bidder_names`, `vat_rate_percent`,
 * `payment_due_days`, `soft_close_minutes`, `cod_reservation_hours`, `auctioneer_contact`). One
 * `setting.changed` event per setting whose value changed (key, before, after; the contact as
 * whole objects): the audit trail records it and every server process re-reads the setting when
 * it hears it (bid histories and live bids mask names at once). The bid path and the checkout
 * read the soft close and the COD hold from the settings row, so the next bid or order uses them.
 * @returns the settings after the change.
 * @throws AppError 403 for an actor who is not an operator.
 * Source: issue 20 item 8; issue 13 "Settlement and results".
 */
export async function changeSiteSettings(trx: Transaction<Database>, actor: Actor, input: SiteSettingsPatch): Promise<CommandOutcome<SiteSettingsView>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const before = await readSiteSettings(trx);
  const events: DomainEvent[] = [];
  for (const key of SETTING_KEYS) {
    const after = input[key];
    if (after === undefined || JSON.stringify(after) === JSON.stringify(before[key])) continue;
    await putSetting(trx, key, after);
    events.push(domainEvent('setting.changed', { type: 'setting', id: null }, { key, before: before[key], after }));
  }
  return { result: await readSiteSettings(trx), events };
}
