import { type Kysely, sql } from 'kysely';

/**
 * Notifications (issue 16):
 * - `notifications`: what a user is told in the app (outbid, won, payment received, registration
 *   decided …), one row per event and user (`event_key` unique per user: producing twice is one row);
 * - `notification_deliveries`: one row per notification and outside channel (e-mail, SMS, push),
 *   with its state, attempts and last error, so a retry or a second worker never sends twice;
 * - `notification_cursors`: how far the producer has read the bids and the event log (it starts at
 *   the newest rows, so a database that gains this table does not tell of its past);
 * - `message_outbox`: the messages kept when no mail server or SMS provider is configured (the
 *   embedded default), read by operators at /admin/outbox: nothing is silently dropped;
 * - `closing_reminders`: the lots whose watchers and bidders were told "closing soon", per
 *   reminder (30 and 5 minutes before the lot's own close), so each is told once;
 * - `notification_preferences`: a user's choice per event type and channel (absent: the default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE notifications (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('outbid', 'closing_soon', 'won', 'payment_received', 'registration_decided', 'saved_search')),
    item_id bigint REFERENCES items(id) ON DELETE SET NULL,
    order_id bigint REFERENCES orders(id) ON DELETE SET NULL,
    title text NOT NULL,
    body text NOT NULL,
    link text,
    event_key text NOT NULL,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, event_key)
  )`.execute(db);
  await sql`CREATE INDEX notifications_user_newest ON notifications (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
  await sql`CREATE TABLE notification_deliveries (
    id bigserial PRIMARY KEY,
    notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
    channel text NOT NULL CHECK (channel IN ('email', 'sms', 'push')),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    last_error text,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (notification_id, channel)
  )`.execute(db);
  await sql`CREATE INDEX notification_deliveries_due ON notification_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending')`.execute(db);
  await sql`CREATE TABLE notification_cursors (
    name text PRIMARY KEY,
    last_bid_id bigint NOT NULL DEFAULT 0,
    last_event_id bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`INSERT INTO notification_cursors (name, last_bid_id, last_event_id)
    SELECT 'notifier', (SELECT coalesce(max(id), 0) FROM bids), (SELECT coalesce(max(id), 0) FROM domain_events)`.execute(db);
  await sql`CREATE TABLE message_outbox (
    id bigserial PRIMARY KEY,
    channel text NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient text NOT NULL,
    subject text,
    body_text text NOT NULL,
    body_html text,
    delivery_id bigint REFERENCES notification_deliveries(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TABLE closing_reminders (
    item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    minutes integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (item_id, minutes)
  )`.execute(db);
  await sql`CREATE TABLE notification_preferences (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL,
    channel text NOT NULL CHECK (channel IN ('app', 'email', 'sms', 'push')),
    enabled boolean NOT NULL,
    PRIMARY KEY (user_id, type, channel)
  )`.execute(db);
}

/** Drops the notification tables (and every notification). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS notification_preferences, closing_reminders, message_outbox, notification_cursors, notification_deliveries, notifications`.execute(
    db,
  );
}
