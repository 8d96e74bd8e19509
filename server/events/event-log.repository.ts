import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { SELF_LOGGED_EVENT_TYPES, type Actor, type CommittedEvent, type DomainEvent } from './domain-events.js';

/** The columns of `domain_events` that name an actor. */
function actorColumns(actor: Actor): { actor_type: Actor['type']; actor_id: number | null; actor_name: string | null } {
  switch (actor.type) {
    case 'user':
    case 'operator':
      return { actor_type: actor.type, actor_id: actor.id, actor_name: null };
    case 'system':
      return { actor_type: 'system', actor_id: null, actor_name: actor.name };
    case 'guest':
      return { actor_type: 'guest', actor_id: null, actor_name: null };
  }
}

/**
 * The committed form of a self-logged event (`bid.placed`): its delivery id is `b<bid id>`, its
 * time the bid's. A command that writes its own outbox row builds its events with this, so
 * they read exactly as {@link recordEvents} would have made them.
 */
export function committedBidEvent(event: Extract<DomainEvent, { type: 'bid.placed' }>, actor: Actor): CommittedEvent {
  return { ...event, id: `b${event.payload.bid_id}`, actor: event.actor ?? actor, created_at: event.payload.created_at };
}

/**
 * Writes a command's events inside its transaction: each event not self-logged becomes a
 * `domain_events` row (its delivery id `e<row id>`), a `bid.placed` keeps its bid's id
 * (`b<bid id>`: the bids table is its log), and all of them go into ONE `event_outbox` row.
 * @returns the committed events in the order given and the outbox row's id (null when none).
 */
export async function recordEvents(
  trx: Kysely<Database>,
  actor: Actor,
  events: DomainEvent[],
): Promise<{ committed: CommittedEvent[]; outboxId: number | null }> {
  if (events.length === 0) return { committed: [], outboxId: null };
  const logged = events.filter((e) => !SELF_LOGGED_EVENT_TYPES.has(e.type));
  const rows = logged.length
    ? await trx
        .insertInto('domain_events')
        .values(
          logged.map((e) => ({
            type: e.type,
            subject_type: e.subject.type,
            subject_id: e.subject.id,
            ...actorColumns(e.actor ?? actor),
            payload: JSON.stringify(e.payload),
          })),
        )
        .returning(['id', 'created_at'])
        .execute()
    : [];
  let next = 0;
  const now = new Date().toISOString();
  const committed = events.map((e): CommittedEvent => {
    if (e.type === 'bid.placed') return committedBidEvent(e, actor);
    const row = rows[next++];
    return { ...e, id: `e${row.id}`, actor: e.actor ?? actor, created_at: row.created_at ? new Date(row.created_at).toISOString() : now } as CommittedEvent;
  });
  const box = await trx
    .insertInto('event_outbox')
    .values({ events: JSON.stringify(committed) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { committed, outboxId: box.id };
}

/**
 * Writes already-committed events to one `event_outbox` row only, not to `domain_events`: for
 * events whose own table is their log (notifications). @returns the outbox row's id, or null
 * when there are none.
 */
export async function recordOutboxOnly(trx: Kysely<Database>, committed: CommittedEvent[]): Promise<number | null> {
  if (committed.length === 0) return null;
  const box = await trx
    .insertInto('event_outbox')
    .values({ events: JSON.stringify(committed) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(box.id);
}

/** Deletes published outbox rows. */
export async function deleteOutboxRows(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('event_outbox').where('id', 'in', ids).execute();
}

/** An outbox row a relay took: its events, or (a bid batch) the ids of its bids. */
export interface StaleOutboxRow {
  id: number;
  events: CommittedEvent[];
  bidIds: number[];
}

/**
 * Locks up to `limit` outbox rows older than `graceMs` (a committing process normally removes
 * its own within milliseconds), skipping rows another relay holds. Call inside a transaction.
 * @returns the rows, oldest first, with their events or bid ids.
 */
export async function claimStaleOutboxRows(trx: Kysely<Database>, graceMs: number, limit: number): Promise<StaleOutboxRow[]> {
  const rows = await trx
    .selectFrom('event_outbox')
    .select(['id', 'events', 'bid_ids'])
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    events: r.events == null ? [] : ((typeof r.events === 'string' ? JSON.parse(r.events) : r.events) as CommittedEvent[]),
    bidIds: (r.bid_ids ?? []).map(Number),
  }));
}

/** Number of outbox rows waiting (for metrics and tests). */
export async function countOutboxRows(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('event_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The actor an event row names (the inverse of how {@link recordEvents} stores it). */
function actorOfRow(row: { actor_type: string; actor_id: number | null; actor_name: string | null }): Actor {
  if ((row.actor_type === 'user' || row.actor_type === 'operator') && row.actor_id != null) return { type: row.actor_type, id: Number(row.actor_id) };
  if (row.actor_type === 'system') return { type: 'system', name: row.actor_name ?? 'system' };
  return { type: 'guest' };
}

/**
 * Logged events recorded after event row `afterId` and within the last `withinMs`, oldest first,
 * at most `limit`, in the form they were published (`e<id>`): what a process whose bus
 * subscription dropped may have missed. Source: issue 18 (fault 5).
 */
export async function findEventsAfter(db: Kysely<Database>, afterId: number, withinMs: number, limit: number): Promise<CommittedEvent[]> {
  const rows = await db
    .selectFrom('domain_events')
    .select(['id', 'type', 'subject_type', 'subject_id', 'actor_type', 'actor_id', 'actor_name', 'payload', 'created_at'])
    .where('id', '>', afterId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(
    (r) =>
      ({
        id: `e${r.id}`,
        type: r.type,
        subject: { type: r.subject_type, id: r.subject_id == null ? null : Number(r.subject_id) },
        actor: actorOfRow(r),
        payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
        created_at: new Date(r.created_at).toISOString(),
      }) as CommittedEvent,
  );
}
