import { findRoomBidderId } from '../live/live.repository.js';
import type { Transaction } from 'kysely';
import { NOTIFICATION_TYPES, type NotificationType } from '@shared/schemas/notification.schema.js';
import { outbidBidderOf } from '../bids/bids.service.js';
import type { Database } from '../db/types.js';
import type { Actor, CommandOutcome, CommittedEvent, EventPayloads } from '../events/domain-events.js';
import { domainEvent } from '../events/domain-events.js';
import { malawiE164 } from '@shared/rules/sms.js';
import { CLOSING_REMINDER_MINUTES, DEFAULT_CHANNELS, NOTIFICATION_TEXTS } from './notification-texts.js';
import { recordOutboxOnly } from '../events/event-log.repository.js';
import { savedSearchDigests, savedSearchNotifications } from '../saved-searches/saved-search-matcher.js';
import {
  advanceNotifierCursor,
  findBidOutcomesAfter,
  findLoggedEventsAfter,
  findLotNames,
  findOrderSummaries,
  findPreferences,
  findRecipients,
  insertDeliveries,
  insertNotifications,
  lockNotifierCursor,
  markOutbidsSeen,
  markRead,
  queueReceipts,
  takeClosingReminders,
  upsertPreferences,
  type NotificationToStore,
} from './notifications.repository.js';

/** Every notification type (an unsubscribe from all of them). */
const NOTIFICATION_TYPE_LIST: readonly NotificationType[] = NOTIFICATION_TYPES;

/** An outbid SMS goes at most once per lot per this many minutes (issue 16). */
export const OUTBID_SMS_EVERY_MINUTES = 10;

/** The producer's cursor row. */
const CURSOR = 'notifier';

/** What one production step did: notifications stored, their outside deliveries, and whether more rows wait. */
export interface ProduceResult {
  created: number;
  deliveries: number[];
  more: boolean;
}

/**
 * Command (system actor `notifier`): reads the bids and the event log past its cursor (rows at
 * least `graceMs` old, so a transaction still committing is not passed over), turns them into
 * notifications and advances the cursor, all in one transaction: each event is told once, even
 * with two workers (the cursor row is locked; a second producer finds it taken and does nothing).
 * - a stored bid that takes the lead from someone ({@link outbidBidderOf}): `outbid` for them (a
 *   bidder's unread outbid on a lot counts as seen once they bid there again);
 * - `auction.closed` sold: `won` for the winner, with the invoice reference and the deadline;
 * - `order.status_changed` to paid: `payment_received` for the buyer;
 * - `registration.decided`: `registration_decided` (approved, or declined with the reason);
 * - `lot.withdrawn` with a leader: `lot_withdrawn` for that bidder, with the operator's reason (issue 13 "Lots");
 * - a lot 30 and again 5 minutes before its own close: `closing_soon` for its watchers and bidders;
 * - `lot.created`, `lot.relisted`, `sale.published`: `saved_search` for the owners of the saved
 *   searches the listed lots match (instant ones at once, daily ones in the 07:00 digest).
 * The last two are looked for only when `timed` (default true): a run's later steps, which drain a
 * backlog of bids, leave them to the next run.
 * Each new notification gets a delivery row per outside channel the user has on
 * ({@link DEFAULT_CHANNELS} unless they chose otherwise); `e-mail` is sent by the delivery step.
 * Its `notification.created` events go to the outbox only (the notifications table is their
 * log), and the presenter sends `notification:new` to the user's sockets. Source: issue 16.
 * @returns what it stored; `more` when it stopped at `limit` rows.
 */
export async function produceNotifications(
  trx: Transaction<Database>,
  actor: Actor,
  input: { graceMs: number; limit: number; timed?: boolean },
): Promise<CommandOutcome<ProduceResult>> {
  const none = { result: { created: 0, deliveries: [], more: false }, events: [], recorded: { committed: [], outboxId: null } };
  const cursor = await lockNotifierCursor(trx, CURSOR);
  if (!cursor) return none;
  const bids = await findBidOutcomesAfter(trx, cursor.lastBid, input.graceMs, input.limit);
  const logRows = await findLoggedEventsAfter(trx, cursor.lastEvent, input.graceMs, input.limit);
  // Closing soon: each lot once per reminder, to everyone watching or bidding on it.
  const pending: NotificationToStore[] = [];
  const timed = input.timed ?? true;
  for (const [index, minutes] of timed ? CLOSING_REMINDER_MINUTES.entries() : []) {
    for (const lot of await takeClosingReminders(trx, minutes, CLOSING_REMINDER_MINUTES[index + 1] ?? null)) {
      for (const userId of lot.userIds) {
        const text = NOTIFICATION_TEXTS.closingSoon({ id: lot.itemId, name: lot.name }, minutes, lot.price, lot.leaderId === userId);
        pending.push({ userId, type: 'closing_soon', itemId: lot.itemId, orderId: null, eventKey: `closing:${lot.itemId}:${minutes}`, ...text });
      }
    }
  }
  // Daily saved-search digests fall due at 07:00 whether or not anything else happened.
  const stepTime = new Date();
  if (timed) pending.push(...(await savedSearchDigests(trx, stepTime)));
  if (bids.length === 0 && logRows.length === 0 && pending.length === 0) return none;

  // Outbid: the last stored bid that took a lot's lead from a bidder tells them, once per step.
  const outbids = new Map<string, { userId: number; itemId: number; amount: number; bidId: number }>();
  const rebid = new Map<string, { userId: number; itemId: number }>();
  for (const b of bids) {
    if (!b.automatic) rebid.set(`${b.userId}:${b.itemId}`, { userId: b.userId, itemId: b.itemId });
    const loser = outbidBidderOf({ previous_leader_id: b.previousLeaderId, user_id: b.userId, leader_id: b.leaderId });
    if (loser != null) outbids.set(`${loser}:${b.itemId}`, { userId: loser, itemId: b.itemId, amount: b.amount, bidId: b.id });
    // Whoever leads now is no longer outbid there.
    outbids.delete(`${b.leaderId}:${b.itemId}`);
  }
  const closed = logRows.filter((r) => r.type === 'auction.closed').map((r) => r.payload as EventPayloads['auction.closed']);
  const paid = logRows
    .filter((r) => r.type === 'order.status_changed')
    .map((r) => r.payload as EventPayloads['order.status_changed'])
    .filter((p) => p.after === 'paid');
  const decided = logRows.filter((r) => r.type === 'registration.decided').map((r) => r.payload as EventPayloads['registration.decided']);
  const withdrawn = logRows
    .filter((r) => r.type === 'lot.withdrawn')
    .map((r) => r.payload as EventPayloads['lot.withdrawn'])
    .filter((p) => p.leader_id != null);
  const lots = await findLotNames(trx, [
    ...new Set([...[...outbids.values()].map((o) => o.itemId), ...closed.map((c) => c.item_id), ...withdrawn.map((w) => w.item_id)]),
  ]);
  const orders = await findOrderSummaries(trx, [...closed.flatMap((c) => (c.order_id != null ? [c.order_id] : [])), ...paid.map((p) => p.order_id)]);

  for (const o of outbids.values()) {
    const name = lots.get(o.itemId);
    if (name == null) continue;
    pending.push({
      userId: o.userId,
      type: 'outbid',
      itemId: o.itemId,
      orderId: null,
      eventKey: `bid:${o.bidId}`,
      ...NOTIFICATION_TEXTS.outbid({ id: o.itemId, name }, o.amount),
    });
  }
  for (const c of closed) {
    const name = lots.get(c.item_id);
    const order = c.order_id != null ? orders.get(c.order_id) : undefined;
    const winner = order?.userId ?? c.closed_by;
    if (c.status !== 'sold' || name == null || winner == null) continue;
    const text = NOTIFICATION_TEXTS.won(
      { id: c.item_id, name },
      c.bid_amount,
      order?.reference ?? null,
      order ? { total: order.total, dueAt: order.dueAt } : null,
    );
    pending.push({ userId: winner, type: 'won', itemId: c.item_id, orderId: c.order_id, eventKey: `won:${c.item_id}`, ...text });
  }
  for (const p of paid) {
    const order = orders.get(p.order_id);
    if (!order || order.userId == null) continue;
    const text = NOTIFICATION_TEXTS.paymentReceived(order.reference, order.total);
    const itemId = p.item_ids.length === 1 ? p.item_ids[0] : null;
    pending.push({ userId: order.userId, type: 'payment_received', itemId, orderId: p.order_id, eventKey: `paid:${p.order_id}`, ...text });
  }
  for (const d of decided) {
    if (d.after !== 'active' && d.after !== 'declined') continue;
    const text = NOTIFICATION_TEXTS.registrationDecided(d.auction_name, d.after === 'active', d.reason);
    pending.push({
      userId: d.user_id,
      type: 'registration_decided',
      itemId: null,
      orderId: null,
      eventKey: `registration:${d.registration_id}:${d.after}`,
      ...text,
    });
  }

  for (const w of withdrawn) {
    const name = lots.get(w.item_id);
    if (name == null) continue;
    const text = NOTIFICATION_TEXTS.lotWithdrawn({ id: w.item_id, name }, w.reason);
    pending.push({ userId: w.leader_id!, type: 'lot_withdrawn', itemId: w.item_id, orderId: null, eventKey: `withdrawn:${w.item_id}`, ...text });
  }

  // Newly listed lots (created, relisted, their sale published) against saved searches.
  pending.push(...(await savedSearchNotifications(trx, logRows, stepTime)));

  // A bidder who bid on a lot again has seen its outbid alert there: a later outbid is a new one.
  await markOutbidsSeen(trx, [...rebid.values()]);
  // The room bidder (a live sale's floor bids, issue 15) is the auctioneer's yard, not a person to tell.
  const roomBidderId = await findRoomBidderId(trx);
  const inserted = await insertNotifications(
    trx,
    pending.filter((p) => p.userId !== roomBidderId),
  );
  const recipients = [...new Set(inserted.map((s) => s.userId))];
  const { preferences, phones, recentOutbidSms: recentSms, pushDevices } = await findRecipients(trx, recipients, OUTBID_SMS_EVERY_MINUTES);
  // An outbid SMS at most once per lot per 10 minutes (the app and push still tell every time).
  const itemOf = new Map(pending.map((p) => [`${p.userId}:${p.eventKey}`, p.itemId]));
  const smsAllowed = (s: (typeof inserted)[number]) => {
    if (!malawiE164(phones.get(s.userId))) return false;
    if (s.type !== 'outbid') return true;
    const key = `${s.userId}:${itemOf.get(`${s.userId}:${s.eventKey}`)}`;
    if (recentSms.has(key)) return false;
    recentSms.add(key);
    return true;
  };
  const deliveries = await insertDeliveries(
    trx,
    inserted.flatMap((s) =>
      (['email', 'sms', 'push'] as const)
        .filter((channel) => preferences.get(`${s.userId}:${s.type}:${channel}`) ?? DEFAULT_CHANNELS[s.type].includes(channel))
        // SMS only to a usable mobile number, push only to a user with a subscribed browser.
        .filter((channel) => channel === 'email' || (channel === 'sms' ? smsAllowed(s) : (pushDevices.get(s.userId) ?? 0) > 0))
        .map((channel) => ({ notification_id: s.id, channel })),
    ),
  );
  // Every paid order gets its receipt by e-mail (guests' too), through the delivery step.
  await queueReceipts(
    trx,
    paid.map((p) => p.order_id),
  );
  await advanceNotifierCursor(trx, CURSOR, bids.at(-1)?.id ?? cursor.lastBid, logRows.at(-1)?.id ?? cursor.lastEvent);

  const now = new Date().toISOString();
  const committed = inserted.map(
    (s) =>
      ({
        ...domainEvent('notification.created', { type: 'user', id: s.userId }, { notification_id: s.id, user_id: s.userId, type: s.type }),
        id: `n${s.id}:${s.eventKey}`,
        actor,
        created_at: now,
      }) as CommittedEvent,
  );
  return {
    result: { created: inserted.length, deliveries, more: bids.length === input.limit || logRows.length === input.limit },
    events: [],
    recorded: { committed, outboxId: await recordOutboxOnly(trx, committed) },
  };
}

/**
 * Command (the user): marks their notifications read, the given ids (others' are ignored) or all.
 * @returns the ids that changed.
 */
export async function markNotificationsRead(
  trx: Transaction<Database>,
  actor: Actor,
  input: { userId: number; ids: number[] | 'all' },
): Promise<CommandOutcome<number[]>> {
  const changed = await markRead(trx, input.userId, input.ids);
  if (changed.length === 0) return { result: [], events: [] };
  return {
    result: changed,
    events: [domainEvent('notification.read', { type: 'user', id: input.userId }, { user_id: input.userId, ids: input.ids === 'all' ? 'all' : changed })],
  };
}

/**
 * Command: turns one user's channel on or off for one notification type (`all`: every type), as
 * their profile or an e-mail's unsubscribe link asks. Idempotent.
 * @returns whether anything changed.
 */
export async function setNotificationPreference(
  trx: Transaction<Database>,
  _actor: Actor,
  input: { userId: number; type: NotificationType | 'all'; channel: 'app' | 'email' | 'sms' | 'push'; enabled: boolean; via: 'profile' | 'unsubscribe_link' },
): Promise<CommandOutcome<boolean>> {
  const types = input.type === 'all' ? NOTIFICATION_TYPE_LIST : [input.type];
  const before = await findPreferences(trx, [input.userId]);
  const changed = types.filter((t) => before.get(`${input.userId}:${t}:${input.channel}`) !== input.enabled);
  if (changed.length === 0) return { result: false, events: [] };
  await upsertPreferences(trx, input.userId, changed, input.channel, input.enabled);
  return {
    result: true,
    events: [
      domainEvent(
        'notification.preference_changed',
        { type: 'user', id: input.userId },
        { user_id: input.userId, type: input.type, channel: input.channel, enabled: input.enabled, via: input.via },
      ),
    ],
  };
}
