import type { Transaction } from 'kysely';
import type { SiteSettingsPatch, SiteSettingsView } from '@shared/schemas/site-settings.schema.js';
import type { Database } from '../db/types.js';
import { domainEvent, type Actor, type CommandOutcome, type DomainEvent } from '../events/domain-events.js';
import { AppError } from '../http/app-error.js';
import { putSetting, readSiteSettings } from './settings.repository.js';

/**
 * Command: an operator changes site settings (`mask_bidder_names`, `vat_rate_percent`, `payment_due_days`). One `setting.changed` event per
 * setting whose value changed (key, before, after): the audit trail records it and every server
 * process re-reads the setting when it hears it (bid histories and live bids mask names at once).
 * @returns the settings after the change.
 * @throws AppError 403 for an actor who is not an operator.
 * Source: issue 20 item 8.
 */
export async function changeSiteSettings(trx: Transaction<Database>, actor: Actor, input: SiteSettingsPatch): Promise<CommandOutcome<SiteSettingsView>> {
  if (actor.type !== 'operator') throw AppError.forbidden();
  const before = await readSiteSettings(trx);
  const events: DomainEvent[] = [];
  for (const key of ['mask_bidder_names', 'vat_rate_percent', 'payment_due_days'] as const) {
    const after = input[key];
    if (after === undefined || after === before[key]) continue;
    await putSetting(trx, key, after);
    events.push(domainEvent('setting.changed', { type: 'setting', id: null }, { key, before: before[key], after }));
  }
  return { result: await readSiteSettings(trx), events };
}
