import { type Kysely, sql } from 'kysely';

/**
 * The event log and the outbox.
 * - `domain_events`: every state change Gavel makes, written by its command in the change's own
 *   transaction (type, subject, actor, payload, time). It is the operators' audit trail, so it is
 *   append-only: a trigger refuses UPDATE, DELETE and TRUNCATE for every role.
 * - `event_outbox`: one row per committed command whose events are not yet published; the
 *   committing process deletes it once they are on the bus, and the relay publishes and deletes
 *   what a crash left behind. `events` is json, not jsonb: it is written once and read whole.
 *   Bids are their own log (`bids`): a batch's row holds only its bid ids (`bid_ids`), written in
 *   the statement that stores the bids; the relay rebuilds their events from the bids.
 * Source: docs/architecture.md "Commands, events, audit".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE domain_events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      subject_type text NOT NULL,
      subject_id bigint,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'operator', 'system', 'guest')),
      actor_id bigint,
      actor_name text,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX domain_events_subject_idx ON domain_events (subject_type, subject_id, id DESC)`.execute(db);
  await sql`CREATE INDEX domain_events_actor_idx ON domain_events (actor_id, id DESC) WHERE actor_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX domain_events_type_idx ON domain_events (type, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION domain_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'domain_events is append-only: % refused', TG_OP USING ERRCODE = '42501';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER domain_events_no_change BEFORE UPDATE OR DELETE ON domain_events
    FOR EACH ROW EXECUTE FUNCTION domain_events_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER domain_events_no_truncate BEFORE TRUNCATE ON domain_events
    FOR EACH STATEMENT EXECUTE FUNCTION domain_events_append_only()`.execute(db);
  await sql`
    CREATE TABLE event_outbox (
      id bigserial PRIMARY KEY,
      events json,
      bid_ids bigint[],
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_has_events CHECK (events IS NOT NULL OR bid_ids IS NOT NULL)`.execute(db);
}

/** Drops both tables and the trigger function. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS event_outbox`.execute(db);
  await sql`DROP TABLE IF EXISTS domain_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS domain_events_append_only()`.execute(db);
}
