import { sql, type Kysely } from 'kysely';
import type { AuditEvent, AuditEventType, AuditSubjectType } from '@shared/schemas/audit.schema.js';
import type { Database } from '../db/types.js';
import type { DomainEventType, SubjectType } from '../events/domain-events.js';
import { pageInfo, type PageInfo } from '../http/pagination.js';

// The shared lists the client filters with name exactly the server's subject types, and only
// its event types: this line stops compiling when they drift apart.
const sharedListsMatchServer: [AuditSubjectType] extends [SubjectType]
  ? [SubjectType] extends [AuditSubjectType]
    ? [AuditEventType] extends [DomainEventType]
      ? true
      : false
    : false
  : false = true;
void sharedListsMatchServer;

/** Which events to list; every filter given must match (absent: any). */
export interface AuditFilters {
  subject_type?: string;
  subject_id?: number;
  /** The user who acted (as themselves or as an operator). */
  actor_id?: number;
  /** An event type exactly, or a prefix ending in a dot (`order.`) for every type it starts. */
  type?: string;
}

/** A 1-based page of `per_page` rows. */
export interface AuditPageRequest {
  page: number;
  per_page: number;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of the event log (`domain_events`), newest first (by id: the order the changes
 * committed in), filtered by {@link AuditFilters}. Each event carries its actor as operators read
 * it (the user's current name and e-mail joined from `users`; a system job's recorded name) and
 * what its subject is called now (lot name, order reference, user name, registration reference,
 * the start of an advert's text, whose cart, a sale's name; null when unknown or the row is gone).
 * @returns `{data: AuditEvent[], meta: PageInfo}` (the spec's pagination fields).
 * Source: docs/architecture.md "Commands, events, audit" (the log is the operators' audit trail).
 */
export async function listAuditEvents(db: Kysely<Database>, filters: AuditFilters, page: AuditPageRequest): Promise<{ data: AuditEvent[]; meta: PageInfo }> {
  let base = db.selectFrom('domain_events as e');
  if (filters.subject_type !== undefined) base = base.where('e.subject_type', '=', filters.subject_type);
  if (filters.subject_id !== undefined) base = base.where('e.subject_id', '=', filters.subject_id);
  if (filters.actor_id !== undefined) base = base.where('e.actor_id', '=', filters.actor_id);
  if (filters.type !== undefined) {
    base = filters.type.endsWith('.') ? base.where('e.type', 'like', `${likeEscape(filters.type)}%`) : base.where('e.type', '=', filters.type);
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const count = Number(total);
  const rows = await base
    .leftJoin('users as actor', (join) => join.onRef('actor.id', '=', 'e.actor_id').on('e.actor_type', 'in', ['user', 'operator']))
    .leftJoin('items as si', (join) => join.onRef('si.id', '=', 'e.subject_id').on('e.subject_type', '=', 'item'))
    .leftJoin('orders as so', (join) => join.onRef('so.id', '=', 'e.subject_id').on('e.subject_type', '=', 'order'))
    .leftJoin('users as su', (join) => join.onRef('su.id', '=', 'e.subject_id').on('e.subject_type', '=', 'user'))
    .leftJoin('auction_subscriptions as sr', (join) => join.onRef('sr.id', '=', 'e.subject_id').on('e.subject_type', '=', 'registration'))
    .leftJoin('adverts as sa', (join) => join.onRef('sa.id', '=', 'e.subject_id').on('e.subject_type', '=', 'advert'))
    .leftJoin('carts as sc', (join) => join.onRef('sc.id', '=', 'e.subject_id').on('e.subject_type', '=', 'cart'))
    .leftJoin('users as scu', 'scu.id', 'sc.user_id')
    .leftJoin('site_pages as sp', (join) => join.onRef('sp.id', '=', 'e.subject_id').on('e.subject_type', '=', 'page'))
    .leftJoin('auction_types as ss', (join) => join.onRef('ss.id', '=', 'e.subject_id').on('e.subject_type', '=', 'sale'))
    .select([
      'e.id',
      'e.type',
      'e.subject_type',
      'e.subject_id',
      'e.actor_type',
      'e.actor_id',
      'e.actor_name',
      'e.payload',
      'e.created_at',
      'actor.name as actor_user_name',
      'actor.email as actor_user_email',
      sql<
        string | null
      >`coalesce(si.name, so.order_reference, su.name, sr.reference_number, CASE WHEN length(sa.description) > 60 THEN left(sa.description, 59) || '…' ELSE nullif(sa.description, '') END, scu.name || '''s cart', sp.title, ss.name)`.as(
        'subject_label',
      ),
    ])
    .orderBy('e.id', 'desc')
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page)
    .execute();
  const data = rows.map((r): AuditEvent => ({
    id: r.id,
    type: r.type,
    subject_type: r.subject_type,
    subject_id: r.subject_id,
    subject_label: r.subject_label ?? null,
    actor: {
      type: r.actor_type,
      id: r.actor_id,
      name: r.actor_user_name ?? r.actor_name ?? null,
      email: r.actor_user_email ?? null,
    },
    payload: payloadObject(r.payload),
    created_at: new Date(r.created_at).toISOString(),
  }));
  return { data, meta: pageInfo(count, page.page, page.per_page, data.length) };
}

/** A stored payload as an object (drivers answer jsonb parsed or as text; a non-object is wrapped). */
function payloadObject(raw: unknown): Record<string, unknown> {
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}
