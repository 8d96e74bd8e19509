/**
 * Gavel's domain events: what a command tells the rest of the system it changed. A command
 * returns them; the command runner writes them to the event log in the command's transaction
 * and, after the commit, publishes them on the bus (server/events/command-runner.ts).
 * Events carry ids and the facts of the change (before and after for operator actions), never
 * socket payloads: server/realtime/ reads what a screen needs when it presents them.
 * Source: docs/architecture.md "Commands, events, audit".
 */

/** Who made a change: a signed-in user, an operator (admin role), a system job, or a guest. */
export type Actor = { type: 'user'; id: number } | { type: 'operator'; id: number } | { type: 'system'; name: string } | { type: 'guest' };

/** A signed-in user acting for themselves (bidding, watching, buying). */
export const userActor = (id: number): Actor => ({ type: 'user', id });

/** A user with the admin role acting in the back office (decisions, settlements, adverts). */
export const operatorActor = (id: number): Actor => ({ type: 'operator', id });

/** The actor of background work (auction close, reservation release, payment check, sweep). */
export const systemActor = (name: string): Actor => ({ type: 'system', name });

/** A cart's owner as events name it: the user, or the hash of the guest cart cookie's token. */
export interface CartOwnerRef {
  user_id: number | null;
  guest_hash: string | null;
}

/** Payload of each event type. Money in MWK (number), times ISO 8601 UTC. */
export interface EventPayloads {
  /** A bid was stored. The bid row is its own log: these travel through the outbox only. */
  'bid.placed': {
    item_id: number;
    bid_id: number;
    user_id: number;
    user_name: string | null;
    bid_amount: number;
    created_at: string;
    bid_count: number;
    min_next_bid: number;
    date_to: string | null;
    previous_leader_id: number | null;
    previous_amount: number | null;
    /** Soft close: the end time before this bid moved it, or null. */
    extended_from: string | null;
  };
  /** An online or live lot closed: sold to `closed_by` (its order `order_id`) or unsold. */
  'auction.closed': { item_id: number; status: 'sold' | 'unsold'; closed_by: number | null; bid_amount: number | null; order_id: number | null };
  /** A lot's public fields changed (presenters read the lot again). */
  'item.updated': { item_id: number; changes?: Record<string, { before: unknown; after: unknown }> };
  /** An order was placed from a cart (`reserved_until` for cash on delivery). */
  'order.placed': {
    order_id: number;
    reference: string;
    method: string;
    status: string;
    total: number;
    item_ids: number[];
    owner: CartOwnerRef;
    reserved_until: string | null;
  };
  /** A DPO payment token was created for the order: its payment is to be re-verified. */
  'order.payment_started': { order_id: number; reference: string; payment_id: number };
  /** An order's status changed (paid, cancelled, released, payment failed …), with its items. */
  'order.status_changed': {
    order_id: number;
    reference: string;
    before: string;
    after: string;
    item_ids: number[];
    reason?: string | null;
  };
  /** A user's watchlist gained or lost a lot. */
  'watchlist.changed': { user_id: number; item_id: number; watching: boolean };
  /** A cart's lines changed (added, removed, quantity, cleared, merged, emptied by checkout). */
  'cart.changed': { owner: CartOwnerRef; item_id?: number | null; action: string };
  /** A bidder asked to bid in a live auction (pending until an operator decides). */
  'registration.submitted': { registration_id: number; user_id: number; auction_type_id: number; reference_number: string };
  /** An operator approved or declined a live-auction registration. */
  'registration.decided': {
    registration_id: number;
    user_id: number;
    auction_type_id: number;
    auction_name: string;
    before: string;
    after: string;
    reason: string | null;
  };
  /** An account was created (registration form, checkout sign-up). Never carries the password. */
  'user.registered': { user_id: number; email: string; name: string; via: string };
  /** A user changed their name, e-mail or password (`password_changed`; never the password itself). */
  'user.profile_updated': { user_id: number; before: { name: string; email: string }; after: { name: string; email: string }; password_changed: boolean };
  /** A user's billing address was saved (profile or checkout). */
  'user.billing_address_changed': { user_id: number; before: Record<string, unknown> | null; after: Record<string, unknown> };
  /** An e-mail address joined the newsletter (or came back to it). */
  'newsletter.subscribed': { email: string; user_id: number | null; source: string | null; rejoined: boolean };
  /** An advert was created, edited or ended by an operator (`before` null when created). */
  'advert.changed': { advert_id: number; action: 'created' | 'updated' | 'ended'; before: Record<string, unknown> | null; after: Record<string, unknown> };
}

/** One of the event type names. */
export type DomainEventType = keyof EventPayloads;

/** What each event is about, for the audit trail's filters. */
export type SubjectType = 'item' | 'order' | 'user' | 'cart' | 'registration' | 'advert' | 'newsletter';

/** An event as a command returns it. `actor` overrides the command's actor (a batch of bids). */
export type DomainEvent = {
  [K in DomainEventType]: {
    type: K;
    subject: { type: SubjectType; id: number | null };
    payload: EventPayloads[K];
    actor?: Actor;
  };
}[DomainEventType];

/** An event once committed: its delivery id, actor and time. What travels on the bus. */
export type CommittedEvent = DomainEvent & {
  /** Unique per event; consumers drop a second delivery of the same id. `e<log id>` or `b<bid id>`. */
  id: string;
  actor: Actor;
  created_at: string;
};

/** A committed event of one type. */
export type CommittedEventOf<K extends DomainEventType> = Extract<CommittedEvent, { type: K }>;

/** What a command returns: its result and the events it caused. */
export interface CommandOutcome<R> {
  result: R;
  events: DomainEvent[];
  /**
   * Set by a command that wrote its own events to the outbox in its own statement (the bid
   * batch: one round trip for lots, bids and outbox): the committed events and the outbox row.
   * The runner then records nothing more.
   */
  recorded?: { committed: CommittedEvent[]; outboxId: number | null };
}

/** Builds an event with its payload type checked. */
export function domainEvent<K extends DomainEventType>(
  type: K,
  subject: { type: SubjectType; id: number | null },
  payload: EventPayloads[K],
  actor?: Actor,
): DomainEvent {
  return { type, subject, payload, ...(actor ? { actor } : {}) } as DomainEvent;
}

/** A `bid.placed` event: about the lot, by its bidder. */
export function bidPlacedEvent(payload: EventPayloads['bid.placed']): Extract<DomainEvent, { type: 'bid.placed' }> {
  return { type: 'bid.placed', subject: { type: 'item', id: payload.item_id }, payload, actor: { type: 'user', id: payload.user_id } };
}

/** Event types not written to `domain_events` because their own table is their log (bids). */
export const SELF_LOGGED_EVENT_TYPES: ReadonlySet<DomainEventType> = new Set(['bid.placed']);
