import { sql, type Kysely } from 'kysely';
import type { NotificationView, OutboxMessage } from '@shared/schemas/notification.schema.js';
import { prepared } from '../db/prepared-statements.js';
import type { Database, NotificationsTable } from '../db/types.js';
import { LEADER_AFTER_BID, NEIGHBOUR_BIDS } from '../bids/bids.repository.js';

type NotificationRow = Pick<NotificationsTable, 'type' | 'title' | 'body' | 'link'> & {
  id: number | string;
  item_id: number | string | null;
  read_at: Date | string | null;
  created_at: Date | string;
};

/** A stored notification as the API shows it. */
export function notificationRowToView(r: NotificationRow): NotificationView {
  return {
    id: Number(r.id),
    type: r.type,
    item_id: r.item_id == null ? null : Number(r.item_id),
    title: r.title,
    body: r.body,
    link: r.link,
    read_at: r.read_at == null ? null : new Date(r.read_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/**
 * A user's notifications, newest first: `perPage` of them older than notification `before` (all
 * when absent), and whether older ones remain.
 */
export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  opts: { before?: number; perPage: number },
): Promise<{ data: NotificationView[]; hasMore: boolean }> {
  let q = db
    .selectFrom('notifications')
    .select(['id', 'type', 'item_id', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(opts.perPage + 1);
  if (opts.before) q = q.where('id', '<', opts.before);
  const rows = await q.execute();
  return { data: rows.slice(0, opts.perPage).map(notificationRowToView), hasMore: rows.length > opts.perPage };
}

/** How many of a user's notifications are unread. */
export async function countUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One notification of a user (the socket presenter reads it after the commit), or null. */
export async function findNotification(db: Kysely<Database>, id: number): Promise<(NotificationView & { user_id: number }) | null> {
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'type', 'item_id', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...notificationRowToView(row), user_id: Number(row.user_id) } : null;
}

/**
 * Marks a user's notifications read: the given ids (others' ids are ignored), or all.
 * @returns the ids that changed (already-read ones are left as they were).
 */
export async function markRead(db: Kysely<Database>, userId: number, ids: number[] | 'all'): Promise<number[]> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  const rows = await q.returning('id').execute();
  return rows.map((r) => Number(r.id));
}

/** The newest kept messages (e-mail and SMS without a provider), for operators; `limit` 1-200. */
export async function listOutboxMessages(db: Kysely<Database>, limit: number): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('message_outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body_text', 'body_html', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
}

/** A user's explicit channel choices (`type:channel` → enabled); absent pairs take the defaults. */
export async function findPreferences(db: Kysely<Database>, userIds: number[]): Promise<Map<string, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', userIds).execute();
  return new Map(rows.map((r) => [`${r.user_id}:${r.type}:${r.channel}`, r.enabled]));
}

/** The producer's cursor, locked for this transaction; null when another producer holds it. */
export async function lockNotifierCursor(trx: Kysely<Database>, name: string): Promise<{ lastBid: number; lastEvent: number } | null> {
  const r = await sql<{ last_bid_id: string; last_event_id: string }>`
    SELECT last_bid_id, last_event_id FROM notification_cursors WHERE name = ${name} FOR UPDATE SKIP LOCKED`.execute(trx);
  return r.rows.length ? { lastBid: Number(r.rows[0].last_bid_id), lastEvent: Number(r.rows[0].last_event_id) } : null;
}

/** Moves the producer's cursor to the last bid and event it has read. */
export async function advanceNotifierCursor(trx: Kysely<Database>, name: string, lastBid: number, lastEvent: number): Promise<void> {
  await trx
    .updateTable('notification_cursors')
    .set({ last_bid_id: lastBid, last_event_id: lastEvent, updated_at: sql`now()` })
    .where('name', '=', name)
    .execute();
}

const olderThan = (graceMs: number) => sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`;

/** What the notifier needs of a stored bid: who placed it, who led before it and who leads once it is answered. */
export interface BidOutcome {
  id: number;
  itemId: number;
  userId: number;
  amount: number;
  automatic: boolean;
  /** The bidder of the lot's bid before this one (null: the first bid). */
  previousLeaderId: number | null;
  /** Who leads once the bid is answered: the bidder, or the leader whose maximum answered it at once. */
  leaderId: number;
}

/**
 * Bids after `afterId` stored at least `graceMs` ago, oldest first, at most `limit`, with the lot's
 * leader before and after each (as the `bid.placed` event had them: {@link NEIGHBOUR_BIDS}). Reads only what outbid
 * alerts need, by the bids' primary key and each lot's bids index (no numbering of the lot's bids,
 * unlike a rebuilt event). Source: issue 16 (outbid), issue 14 "Proof and speed".
 */
export async function findBidOutcomesAfter(trx: Kysely<Database>, afterId: number, graceMs: number, limit: number): Promise<BidOutcome[]> {
  const r = await sql<{
    id: string;
    item_id: string;
    user_id: string;
    bid_amount: string;
    automatic: boolean;
    previous_leader_id: string | null;
    leader_id: string;
  }>`
    SELECT b.id, b.item_id, b.user_id, b.bid_amount, b.automatic, p.user_id AS previous_leader_id,
      ${LEADER_AFTER_BID} AS leader_id
    FROM (SELECT id, item_id, user_id, bid_amount, automatic, created_at FROM bids
      WHERE id > ${afterId}::bigint AND created_at < ${olderThan(graceMs)} ORDER BY id LIMIT ${limit}) b
    ${NEIGHBOUR_BIDS}
    ORDER BY b.id`.execute(trx);
  return r.rows.map((row) => ({
    id: Number(row.id),
    itemId: Number(row.item_id),
    userId: Number(row.user_id),
    amount: Number(row.bid_amount),
    automatic: Boolean(row.automatic),
    previousLeaderId: row.previous_leader_id == null ? null : Number(row.previous_leader_id),
    leaderId: Number(row.leader_id),
  }));
}

/** Event-log rows after `afterId` recorded at least `graceMs` ago, oldest first, at most `limit` (payload parsed). */
export async function findLoggedEventsAfter(
  trx: Kysely<Database>,
  afterId: number,
  graceMs: number,
  limit: number,
): Promise<{ id: number; type: string; payload: unknown }[]> {
  const rows = await trx
    .selectFrom('domain_events')
    .select(['id', 'type', 'payload'])
    .where('id', '>', afterId)
    .where('created_at', '<', olderThan(graceMs))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
}

/** Lots' names by id. */
export async function findLotNames(trx: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('items').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Orders' buyer, reference and total (MWK) by id. */
export async function findOrderSummaries(
  trx: Kysely<Database>,
  ids: number[],
): Promise<Map<number, { userId: number | null; reference: string; total: number; dueAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('orders').select(['id', 'user_id', 'order_reference', 'amount_total', 'due_at']).where('id', 'in', ids).execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { userId: r.user_id == null ? null : Number(r.user_id), reference: r.order_reference, total: Number(r.amount_total), dueAt: r.due_at },
    ]),
  );
}

/** A notification to store. */
export interface NotificationToStore {
  userId: number;
  type: NotificationsTable['type'];
  itemId: number | null;
  orderId: number | null;
  title: string;
  body: string;
  link: string | null;
  eventKey: string;
}

/** A stored (or refreshed) notification: its id, user, type, key and whether it is new. */
export interface StoredNotification {
  id: number;
  userId: number;
  type: NotificationsTable['type'];
  eventKey: string;
  inserted: boolean;
}

/**
 * Inserts notifications; a user's event key stored before is skipped. The rows go as arrays, so
 * the statement is prepared once per connection whatever their number (the notifier writes
 * hundreds a step while bids arrive, issue 14 "Proof and speed"). @returns the new rows.
 */
export async function insertNotifications(trx: Kysely<Database>, rows: NotificationToStore[]): Promise<StoredNotification[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (r: NotificationToStore) => T) => rows.map(pick);
  const inserted = await sql<{ id: number; user_id: number; type: NotificationsTable['type']; event_key: string }>`${prepared('insert_notifications')}
    INSERT INTO notifications (user_id, type, item_id, order_id, title, body, link, event_key)
    SELECT * FROM unnest(${column((r) => r.userId)}::bigint[], ${column((r) => r.type)}::text[], ${column((r) => r.itemId)}::bigint[],
      ${column((r) => r.orderId)}::bigint[], ${column((r) => r.title)}::text[], ${column((r) => r.body)}::text[], ${column((r) => r.link)}::text[],
      ${column((r) => r.eventKey)}::text[])
    ON CONFLICT (user_id, event_key) DO NOTHING
    RETURNING id, user_id, type, event_key`.execute(trx);
  return inserted.rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), type: r.type, eventKey: r.event_key, inserted: true }));
}

/** Adds delivery rows (one per notification and channel; a pair stored before is skipped). @returns the new ids. */
export async function insertDeliveries(trx: Kysely<Database>, rows: { notification_id: number; channel: 'email' | 'sms' | 'push' }[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const r = await trx
    .insertInto('notification_deliveries')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return r.map((x) => Number(x.id));
}

/** Sets one user's choice on one channel for the given types. */
export async function upsertPreferences(
  trx: Kysely<Database>,
  userId: number,
  types: readonly string[],
  channel: 'app' | 'email' | 'sms' | 'push',
  enabled: boolean,
): Promise<void> {
  if (types.length === 0) return;
  await trx
    .insertInto('notification_preferences')
    .values(types.map((type) => ({ user_id: userId, type, channel, enabled })))
    .onConflict((oc) => oc.columns(['user_id', 'type', 'channel']).doUpdateSet({ enabled }))
    .execute();
}

/**
 * Claims up to `limit` due e-mail deliveries (pending, or claimed by a run that died more than
 * `claimMs` ago): `FOR UPDATE SKIP LOCKED`, so two runs never take the same one; each claim
 * counts an attempt. @returns the claimed deliveries.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  limit: number,
  claimMs: number,
): Promise<{ id: number; notificationId: number; channel: 'email' | 'sms' | 'push'; attempts: number }[]> {
  const r = await sql<{ id: string; notification_id: string; channel: 'email' | 'sms' | 'push'; attempts: number }>`
    UPDATE notification_deliveries SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${claimMs / 1000})
    WHERE id IN (
      SELECT id FROM notification_deliveries
      WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, notification_id, channel, attempts`.execute(db);
  return r.rows.map((row) => ({ id: Number(row.id), notificationId: Number(row.notification_id), channel: row.channel, attempts: Number(row.attempts) }));
}

/** Marks a delivery sent. */
export async function markDeliverySent(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Keeps a mail in the outbox and marks its delivery (if any) sent, in one transaction (exactly once). */
export async function keepMailInOutbox(
  db: Kysely<Database>,
  deliveryId: number | null,
  mail: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('message_outbox')
      .values({ channel: 'email', recipient: mail.to, subject: mail.subject, body_text: mail.text, body_html: mail.html, delivery_id: deliveryId })
      .execute();
    if (deliveryId != null) await markDeliverySent(trx, deliveryId);
  });
}

/** Records a failed attempt: `failed` for good when `final`, else pending again in `retryInSeconds`. */
export async function markDeliveryFailed(db: Kysely<Database>, id: number, opts: { final: boolean; error: string; retryInSeconds: number }): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({
      status: opts.final ? 'failed' : 'pending',
      last_error: opts.error.slice(0, 500),
      next_attempt_at: sql`now() + make_interval(secs => ${opts.retryInSeconds})`,
    })
    .where('id', '=', id)
    .execute();
}

/** A notification with its user's name and e-mail (for its mail), or undefined. */
export async function findNotificationRecipient(
  db: Kysely<Database>,
  notificationId: number,
): Promise<
  | { userId: number; type: string; itemId: number | null; title: string; body: string; link: string | null; email: string; name: string; phone: string | null }
  | undefined
> {
  const row = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select([
      'notifications.user_id',
      'notifications.type',
      'notifications.item_id',
      'notifications.title',
      'notifications.body',
      'notifications.link',
      'users.email',
      'users.name',
      'users.phone',
    ])
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
  return row
    ? {
        userId: Number(row.user_id),
        type: row.type,
        itemId: row.item_id == null ? null : Number(row.item_id),
        title: row.title,
        body: row.body,
        link: row.link,
        email: row.email,
        name: row.name,
        phone: row.phone,
      }
    : undefined;
}

/**
 * Lots closing within `minutes` (and, when `after` is given, not within `after` minutes: the
 * shorter reminder covers those) that have not had this reminder yet, with everyone who watches
 * or has bid on them and the current price: the reminders are recorded in the same statement,
 * so each lot is reminded once per window. Online and live lots on sale only. Source: issue 16.
 */
export async function takeClosingReminders(
  trx: Kysely<Database>,
  minutes: number,
  after: number | null,
): Promise<{ itemId: number; name: string; dateTo: Date; price: number | null; leaderId: number | null; userIds: number[] }[]> {
  const r = await sql<{ id: string; name: string; date_to: Date; bid_amount: string | null; leader_id: string | null; user_ids: string[] | null }>`
    WITH due AS (
      INSERT INTO closing_reminders (item_id, minutes)
      SELECT i.id, ${minutes}::int FROM items i JOIN auction_types t ON t.id = i.auction_type_id
      WHERE i.status = 'available' AND i.closed_by IS NULL AND t.type <> 'cash'
        AND i.date_to > now() AND i.date_to <= now() + make_interval(mins => ${minutes}::int)
        AND (${after}::int IS NULL OR i.date_to > now() + make_interval(mins => ${after ?? 0}::int))
        -- Lots told already are passed over here rather than by the conflict (a busy sale's
        -- lots inside the window were otherwise inserted again, and refused, every step).
        AND NOT EXISTS (SELECT 1 FROM closing_reminders r WHERE r.item_id = i.id AND r.minutes = ${minutes}::int)
      ON CONFLICT DO NOTHING
      RETURNING item_id)
    SELECT i.id, i.name, i.date_to, i.bid_amount, i.leader_id,
      (SELECT array_agg(DISTINCT u) FROM (
        SELECT w.user_id AS u FROM watchlist_items w WHERE w.item_id = i.id
        UNION SELECT b.user_id FROM bids b WHERE b.item_id = i.id) x) AS user_ids
    FROM due JOIN items i ON i.id = due.item_id`.execute(trx);
  return r.rows.map((row) => ({
    itemId: Number(row.id),
    name: row.name,
    dateTo: new Date(row.date_to),
    price: row.bid_amount == null ? null : Number(row.bid_amount),
    leaderId: row.leader_id == null ? null : Number(row.leader_id),
    userIds: (row.user_ids ?? []).map(Number),
  }));
}

/** What the notifier and the preferences page need of some users, read in one round trip (see {@link findRecipients}). */
export interface Recipients {
  /** `user:type:channel` → on or off, for the choices users made (the rest follow the defaults). */
  preferences: Map<string, boolean>;
  /** Each user's phone number as stored (null: none). */
  phones: Map<number, string | null>;
  /** `user:lot` pairs sent an outbid SMS in the last `smsMinutes` (at most one per lot per 10 minutes, issue 16). */
  recentOutbidSms: Set<string>;
  /** Browsers subscribed to push, per user (absent: none). */
  pushDevices: Map<number, number>;
}

/**
 * The notification choices, phone numbers, recent outbid SMS and push subscriptions of `userIds`,
 * in one prepared statement (the notifier asks once a step; issue 16 "Preferences", issue 14 "Proof and speed").
 */
export async function findRecipients(db: Kysely<Database>, userIds: number[], smsMinutes: number): Promise<Recipients> {
  const none: Recipients = { preferences: new Map(), phones: new Map(), recentOutbidSms: new Set(), pushDevices: new Map() };
  if (userIds.length === 0) return none;
  const r = await sql<{ preferences: string; phones: string; sms: string; push: string }>`${prepared('find_recipients')}
    SELECT
      (SELECT coalesce(json_agg(json_build_array(p.user_id, p.type, p.channel, p.enabled)), '[]')::text
        FROM notification_preferences p WHERE p.user_id = ANY(${userIds}::bigint[])) AS preferences,
      (SELECT coalesce(json_agg(json_build_array(u.id, u.phone)), '[]')::text FROM users u WHERE u.id = ANY(${userIds}::bigint[])) AS phones,
      (SELECT coalesce(json_agg(json_build_array(n.user_id, n.item_id)), '[]')::text
        FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
        WHERE d.channel = 'sms' AND n.type = 'outbid' AND n.user_id = ANY(${userIds}::bigint[])
          AND d.created_at > now() - make_interval(mins => ${smsMinutes}::int)) AS sms,
      (SELECT coalesce(json_agg(json_build_array(s.user_id, s.n)), '[]')::text
        FROM (SELECT user_id, count(*) AS n FROM push_subscriptions WHERE user_id = ANY(${userIds}::bigint[]) GROUP BY user_id) s) AS push
  `.execute(db);
  const row = r.rows[0];
  if (!row) return none;
  const parse = <T>(text: string) => JSON.parse(text) as T[];
  return {
    preferences: new Map(parse<[number, string, string, boolean]>(row.preferences).map(([u, t, c, on]) => [`${u}:${t}:${c}`, on])),
    phones: new Map(parse<[number, string | null]>(row.phones).map(([u, phone]) => [Number(u), phone])),
    recentOutbidSms: new Set(parse<[number, number | null]>(row.sms).map(([u, item]) => `${u}:${item}`)),
    pushDevices: new Map(parse<[number, number]>(row.push).map(([u, n]) => [Number(u), Number(n)])),
  };
}

/** Keeps a text message in the outbox and marks its delivery sent, in one transaction. */
export async function keepSmsInOutbox(db: Kysely<Database>, deliveryId: number, sms: { to: string; text: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('message_outbox')
      .values({ channel: 'sms', recipient: sms.to, subject: null, body_text: sms.text, body_html: null, delivery_id: deliveryId })
      .execute();
    await markDeliverySent(trx, deliveryId);
  });
}

/**
 * Marks read the unread outbid notifications of each `{userId, itemId}`: a bidder who bid on the
 * lot again has seen that they were outbid there, so a later outbid is a new alert (and may send
 * a new SMS) rather than a refresh of the old one.
 */
export async function markOutbidsSeen(trx: Kysely<Database>, pairs: { userId: number; itemId: number }[]): Promise<void> {
  if (pairs.length === 0) return;
  // Each pair is looked up on its own in the unread index (OFFSET 0 keeps the lookup a subquery
  // run per pair): joined as a whole, a planner without statistics of the table may hash every
  // unread alert instead. Then the rows found are updated by id.
  await sql`
    WITH seen AS MATERIALIZED (
      SELECT m.id FROM unnest(${`{${pairs.map((p) => p.userId).join(',')}}`}::bigint[], ${`{${pairs.map((p) => p.itemId).join(',')}}`}::bigint[]) AS x(user_id, item_id)
      CROSS JOIN LATERAL (
        SELECT id FROM notifications m
        WHERE m.user_id = x.user_id AND m.type = 'outbid' AND m.item_id = x.item_id AND m.read_at IS NULL OFFSET 0) m)
    UPDATE notifications SET read_at = now() WHERE id = ANY (ARRAY(SELECT id FROM seen)) AND read_at IS NULL`.execute(trx);
}

/** Queues a receipt mail for each paid order (an order queued before is skipped). */
export async function queueReceipts(trx: Kysely<Database>, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await trx
    .insertInto('order_receipts')
    .values(orderIds.map((order_id) => ({ order_id })))
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** Claims up to `limit` due receipts like {@link claimDueDeliveries}. @returns their orders and attempts. */
export async function claimDueReceipts(db: Kysely<Database>, limit: number, claimMs: number): Promise<{ orderId: number; attempts: number }[]> {
  const r = await sql<{ order_id: string; attempts: number }>`
    UPDATE order_receipts SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${claimMs / 1000})
    WHERE order_id IN (
      SELECT order_id FROM order_receipts WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
      ORDER BY order_id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING order_id, attempts`.execute(db);
  return r.rows.map((row) => ({ orderId: Number(row.order_id), attempts: Number(row.attempts) }));
}

/** Records a receipt's outcome: sent, or failed (for good when `final`, else due again in `retryInSeconds`). */
export async function markReceipt(
  db: Kysely<Database>,
  orderId: number,
  outcome: { sent: true } | { sent: false; final: boolean; error: string; retryInSeconds: number },
): Promise<void> {
  await db
    .updateTable('order_receipts')
    .set(
      outcome.sent
        ? { status: 'sent', sent_at: sql`now()`, last_error: null }
        : {
            status: outcome.final ? 'failed' : 'pending',
            last_error: outcome.error.slice(0, 500),
            next_attempt_at: sql`now() + make_interval(secs => ${outcome.retryInSeconds})`,
          },
    )
    .where('order_id', '=', orderId)
    .execute();
}

/** What a receipt shows: the order, its lines and its paid payment (reference), and where it goes. */
export async function findReceipt(
  db: Kysely<Database>,
  orderId: number,
): Promise<{
  reference: string;
  to: string | null;
  name: string | null;
  total: number;
  method: string | null;
  paymentReference: string | null;
  paidAt: Date | null;
  lines: { name: string; quantity: number; unitPrice: number; amount: number }[];
} | null> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.order_reference',
      'orders.customer_email',
      'orders.customer_name',
      'orders.amount_total',
      'orders.payment_method',
      'orders.payment_reference',
      'orders.paid_at',
      'users.email',
      'users.name',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db.selectFrom('order_lines').select(['name', 'quantity', 'unit_price', 'amount']).where('order_id', '=', orderId).orderBy('id').execute();
  const payment = await db
    .selectFrom('payments')
    .select(['transaction_ref', 'approval_code'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    reference: order.order_reference,
    to: order.customer_email ?? order.email ?? null,
    name: order.customer_name ?? order.name ?? null,
    total: Number(order.amount_total),
    method: order.payment_method,
    paymentReference: payment?.transaction_ref ?? payment?.approval_code ?? order.payment_reference ?? null,
    paidAt: order.paid_at ? new Date(order.paid_at) : null,
    lines: lines.map((l) => ({ name: l.name, quantity: Number(l.quantity), unitPrice: Number(l.unit_price), amount: Number(l.amount) })),
  };
}

/** Stores a browser's push subscription for a user (an endpoint seen before moves to this user, with its new keys). */
export async function savePushSubscription(db: Kysely<Database>, userId: number, target: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: target.p256dh, auth: target.auth }))
    .execute();
}

/** Removes one of a user's push subscriptions by endpoint. @returns whether it existed. */
export async function deletePushSubscription(db: Kysely<Database>, userId: number, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Removes a subscription the push service said is gone. */
export async function deletePushSubscriptionById(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** A user's push subscriptions. */
export async function findPushTargets(db: Kysely<Database>, userId: number): Promise<{ id: number; endpoint: string; p256dh: string; auth: string }[]> {
  const rows = await db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
