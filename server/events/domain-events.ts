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
    /** Placed by the engine for the bidder's maximum (issue "Bidding engine"). */
    automatic: boolean;
    /** Who leads once the ask that stored this bid is resolved (an automatic answer may follow). */
    leader_id: number;
  };
  /**
   * A bidder set or raised their maximum on a lot (audit only: never published, since nobody
   * but the bidder and operators may see a maximum). `outcome` as the bid answer tells it.
   */
  'bid.maximum_set': { item_id: number; user_id: number; max_amount: number; outcome: 'placed' | 'tied' | 'raised'; leading: boolean };
  /** An operator retracted bids: the lot's price and leader recomputed from what remained. */
  'bid.retracted': {
    item_id: number;
    bid_ids: number[];
    user_id: number;
    reason: string;
    before: { bid_amount: number | null; leader_id: number | null; bid_count: number };
    after: { bid_amount: number | null; leader_id: number | null; bid_count: number };
  };
  /** An operator replaced an increment table (`auction_type_id` null: the global one). */
  'increments.changed': { auction_type_id: number | null; before: { from: number; increment: number }[]; after: { from: number; increment: number }[] };
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
  /** An operator edited a site page (Terms of sale, Privacy): its title and text before and after. */
  'page.updated': { page_id: number; slug: string; before: { title: string; body: string }; after: { title: string; body: string } };
  /** A notification was stored for a user (the producer; issue 16). */
  'notification.created': { notification_id: number; user_id: number; type: string };
  /** A user marked notifications read. */
  'notification.read': { user_id: number; ids: number[] | 'all' };
  /** A user turned a notification channel on or off (profile, or an e-mail's unsubscribe link). */
  'notification.preference_changed': { user_id: number; type: string; channel: string; enabled: boolean; via: 'profile' | 'unsubscribe_link' };
  /** An operator blocked a user's bidding (issue 13 "Bidders"): their bids are refused, their leads stand. */
  'user.blocked': { user_id: number; reason: string };
  /** An operator let a blocked user bid again; `reason` was the block's. */
  'user.unblocked': { user_id: number; reason: string | null };
  /** An operator set or removed a bidder's spending limit (whole MWK; null: no limit). */
  'user.bid_limit_changed': { user_id: number; before: number | null; after: number | null };
  /** An operator granted a user a role (`admin`). */
  'user.role_granted': { user_id: number; role: string };
  /** An operator revoked a user's role (`admin`; the last admin keeps it). */
  'user.role_revoked': { user_id: number; role: string };
  /** A user saved a listing search (issue 16 "Saved searches"). */
  'saved_search.created': { saved_search_id: number; user_id: number; name: string; frequency: string };
  /** A user changed a saved search: each changed field before and after. */
  'saved_search.updated': { saved_search_id: number; user_id: number; name: string; changes: Record<string, { before: unknown; after: unknown }> };
  /** A user deleted a saved search. */
  'saved_search.deleted': { saved_search_id: number; user_id: number; name: string };
  /** A user asked for a password reset link (sent only when the address has an account). */
  'user.password_reset_requested': { user_id: number };
  /** A user chose a new password through a reset link: every session and token was revoked. */
  'user.password_reset': { user_id: number };
  /** An operator changed a site setting (`key`), with its value before and after. */
  'setting.changed': { key: string; before: unknown; after: unknown };
  /** An operator created a sale (a draft): its fields as stored (issue 13 "Sales"). */
  'sale.created': { sale_id: number; name: string; after: Record<string, unknown> };
  /** An operator edited a sale: each changed field before and after. */
  'sale.updated': { sale_id: number; name: string; changes: Record<string, { before: unknown; after: unknown }> };
  /** An operator published a draft sale: bidders see it and its lots from now on. */
  'sale.published': { sale_id: number; name: string; published_at: string };
  /** An operator put a sale's lots in a new order: lot ids in order before and after (lot 1 first). */
  'sale.lots_reordered': { sale_id: number; name: string; before: number[]; after: number[] };
  /**
   * Lots' close times were set by their sale (staggered closing, or its publication): each open
   * lot's end before and after (ISO). Close jobs follow; open pages see the new ends.
   */
  'sale.closes_rescheduled': {
    sale_id: number;
    date_to: string | null;
    stagger_seconds: number | null;
    closes: { item_id: number; lot_number: number | null; before: string | null; after: string }[];
  };
  /**
   * An operator created a lot (the back-office form, or a duplicate of `duplicated_from`), about
   * the lot (subject `{type: 'item', id}`); `date_to` so its close is scheduled. Issue 13 "Lots".
   */
  'lot.created': { item_id: number; name: string; auction_type_id: number; date_to?: string | null; duplicated_from?: number | null };
  /** An operator edited a lot (or moved it to another sale): each changed field before and after. */
  'lot.updated': { item_id: number; changes: Record<string, { before: unknown; after: unknown }> };
  /** An operator withdrew a lot: it leaves the listing and takes no bids; `leader_id` led it (to be told), or null. */
  'lot.withdrawn': { item_id: number; reason: string; leader_id: number | null };
  /** An unsold lot went up again as the new lot `item_id` (a copy of `from_item_id`) in the sale `auction_type_id`. */
  'lot.relisted': { item_id: number; from_item_id?: number | null; auction_type_id: number; name?: string; date_to?: string | null };
  /**
   * An operator took an unpaid lot off its buyer's invoice `from_order_id` (issue 13 "Settlement"):
   * `second_chance` offered it to the next bidder `to_user_id` at their highest bid `amount` (their
   * invoice `order_id`), or `released` it unsold so it can be relisted. `reason` as the operator gave it.
   */
  'lot.reoffered': {
    item_id: number;
    action: 'second_chance' | 'released';
    from_order_id: number;
    from_user_id: number | null;
    to_user_id: number | null;
    amount: number | null;
    order_id: number | null;
    reason: string;
  };
  /**
   * The live room of a sale changed (issue 15): a clerk's action (`open`, `floor-bid`, `sold`, `undo` …)
   * or an online bid (`online-bid`, `user_id` its bidder), with the room's state before and after and
   * the new `seq`. `amount` the bid or hammer price, `paddle` a room bid's paddle, `undone` the action an
   * Undo took back. Presenters push the room's new state to its pages.
   */
  'live.changed': {
    sale_id: number;
    name: string;
    seq: number;
    action: string;
    lot_id: number | null;
    amount: number | null;
    paddle: string | null;
    user_id: number | null;
    undone: string | null;
    before: { status: string; lot_id: number | null; online_locked: boolean; message: string | null };
    after: { status: string; lot_id: number | null; online_locked: boolean; message: string | null };
  };
  /** A lot's pictures were added, reordered, deleted or given a new cover (`action` says which). */
  'lot.images_changed': { item_id: number; action?: 'added' | 'reordered' | 'deleted'; image_ids?: number[] };
}

/** One of the event type names. */
export type DomainEventType = keyof EventPayloads;

/** What each event is about, for the audit trail's filters. */
export type SubjectType = 'item' | 'order' | 'user' | 'cart' | 'registration' | 'advert' | 'newsletter' | 'page' | 'setting' | 'sale';

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
