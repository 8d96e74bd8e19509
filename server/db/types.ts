import type { ColumnType, Generated, Selectable } from 'kysely';

/** Timestamps come back as Date; writes accept Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** MWK amounts: numeric(14,2), parsed to number by the driver (exact below 10^13). */
type Money = ColumnType<number, number | string, number | string>;
type NullableMoney = ColumnType<number | null, number | string | null | undefined, number | string | null>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Date>;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  image: string | null;
  password_hash: string;
  is_customer: Generated<boolean>;
  email_verified_at: NullableTimestamp;
  /** When an operator blocked the user's bidding; null while they may bid (migration 2026_11_27_0200). */
  blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The operator's reason for the block (migration 2026_11_27_0200). */
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The operator who blocked the user (migration 2026_11_27_0200). */
  blocked_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The bidder's spending limit in whole MWK; null for none (migration 2026_11_27_0200). */
  bid_limit: NullableMoney;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface UserRolesTable {
  user_id: number;
  role_id: number;
}
export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}
export interface SessionsTable {
  id: string;
  user_id: number | null;
  remember: Generated<boolean>;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: Generated<string>;
  token_hash: string;
  last_used_at: NullableTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Generated<Date>;
}
export interface BranchesTable {
  id: Generated<number>;
  name: string;
  address: string | null;
  phone: string | null;
  created_at: Generated<Date>;
}
export interface AuctionTypesTable {
  id: Generated<number>;
  name: string;
  type: 'cash' | 'online' | 'live';
  description: string | null;
  date_from: NullableTimestamp;
  date_to: NullableTimestamp;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  /** The sale's fields (migration 2026_11_26_0200, issue 13 "Sales"). */
  branch_id: ColumnType<number | null, number | null | undefined, number | null>;
  terms: ColumnType<string | null, string | null | undefined, string | null>;
  /** A live sale's webcast URL (HLS or an embeddable player), null for none (migration 2026_11_29_0200). */
  webcast_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bidders register with a deposit before bidding (always for live sales). */
  deposit_required: Generated<boolean>;
  deposit_amount: NullableMoney;
  /** Percent of the hammer price the buyer pays on top (0-100, two decimals). */
  buyers_premium_percent: ColumnType<number, number | string | undefined, number | string>;
  /** Soft-close window of the sale's lots; null: the site setting `soft_close_minutes`. */
  soft_close_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Online sales: seconds between the closes of consecutive lots; null: each lot keeps its own end. */
  stagger_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the sale was published; null: a draft, shown to operators only. */
  published_at: NullableTimestamp;
  updated_at: Generated<Date>;
}
export interface ItemsTable {
  id: Generated<number>;
  name: string;
  title: string | null;
  description: string | null;
  target_amount: Money;
  /** Lowest price the seller accepts; an auction closing below it is unsold. Null: no reserve. */
  reserve_price: NullableMoney;
  bid_amount: NullableMoney;
  bid_count: Generated<number>;
  leader_id: number | null;
  auction_type_id: number;
  branch_id: number | null;
  status: Generated<'available' | 'sold' | 'unsold' | 'withdrawn'>;
  condition: string | null;
  featured: Generated<boolean>;
  code: string | null;
  reference_number: string | null;
  quantity: Generated<number>;
  date_from: NullableTimestamp;
  date_to: NullableTimestamp;
  closed_by: number | null;
  closed_at: NullableTimestamp;
  is_reserved: Generated<boolean>;
  reserved_until: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  search_vector: ColumnType<string, never, never>;
  /** Position in its sale (1, 2, 3 …); set by a trigger when a lot arrives without one (migration 2026_11_26_0200). */
  lot_number: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why an operator withdrew the lot; null otherwise (migration 2026_11_27_0330). */
  withdrawn_reason: ColumnType<string | null, string | null | undefined, string | null>;
}
/** One stored size of a lot's picture: its width (px) and its WebP and AVIF files' URLs. */
export interface MediaVariant {
  width: number;
  webp: string;
  avif: string;
}
export interface ItemMediaTable {
  id: Generated<number>;
  item_id: number;
  url: string;
  original_url: string;
  position: Generated<number>;
  created_at: Generated<Date>;
  /** The sizes stored beside the original, narrowest first; null for older pictures (migration 2026_11_27_0330). */
  variants: ColumnType<MediaVariant[] | null, string | null | undefined, string | null>;
  /** Size of the stored original, px; null when unknown. */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface BidsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  bid_amount: Money;
  /** Placed by the engine for the bidder's maximum. */
  automatic: Generated<boolean>;
  /** The maximum the bidder's own bid carried (null: a plain bid); private to them and operators. */
  max_amount: NullableMoney;
  /** The paddle number of a room (floor) bid in a live sale (migration 2026_11_29_0100). */
  paddle: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}
/** A bidder's standing maximum on a lot; `set_order` (from the bids' id sequence) decides ties. */
export interface MaximumBidsTable {
  item_id: number;
  user_id: number;
  max_amount: Money;
  set_order: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** An increment table's band: `auction_type_id` null for the global table. */
export interface IncrementBandsTable {
  id: Generated<number>;
  auction_type_id: number | null;
  from_amount: Money;
  increment: Money;
  created_at: Generated<Date>;
}
/** A bid an operator retracted, moved out of `bids`. */
export interface RetractedBidsTable {
  id: number;
  item_id: number;
  user_id: number;
  bid_amount: Money;
  automatic: boolean;
  max_amount: NullableMoney;
  created_at: Date;
  retracted_at: Generated<Date>;
  retracted_by: number | null;
  reason: string;
}
export interface WatchlistItemsTable {
  id: Generated<number>;
  user_id: number;
  item_id: number;
  created_at: Generated<Date>;
}
export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_token_hash: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  item_id: number;
  quantity: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface OrdersTable {
  id: Generated<number>;
  order_reference: string;
  user_id: number | null;
  source: Generated<'checkout' | 'auction'>;
  status: Generated<'pending' | 'awaiting_payment' | 'reserved' | 'paid' | 'completed' | 'cancelled' | 'failed'>;
  payment_method: 'dpopay' | 'cash' | 'bank' | 'card' | null;
  payment_reference: string | null;
  currency: Generated<string>;
  sub_total: Money;
  vat: Money;
  discount: Money;
  amount_total: Money;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  billing_address: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  reserved_until: NullableTimestamp;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** SHA-256 of the guest cart cookie of a guest's order (migration 2026_11_21_0500). */
  guest_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Admin who recorded the cash or cancelled the reservation; null when a job did (migration 2026_11_21_0600). */
  settled_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** Operator's reason for cancelling a reservation early (migration 2026_11_21_0600). */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the address the order was placed from (migration 2026_11_25_0300). */
  placed_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** The buyer's phone as nine national digits (phoneKey in shared/rules/phone.ts; migration 2026_11_25_0300). */
  phone_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** A won lot's order is the buyer's invoice for this sale (migration 2026_11_28_0100); null for a checkout. */
  sale_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Buyer's premium charged on the hammer total, MWK (0 without one; `vat` is the VAT on it). */
  premium: ColumnType<number, number | undefined, number>;
  /** The sale's premium percent and the VAT rate when the invoice was made (null for a checkout). */
  premium_percent: ColumnType<number | null, number | null | undefined, number | null>;
  vat_rate_percent: ColumnType<number | null, number | null | undefined, number | null>;
  /** The invoice's payment deadline (null for a checkout). */
  due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  item_id: number | null;
  name: string;
  quantity: number;
  unit_price: Money;
  amount: Money;
}
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  /** `bank`: a won order's bank transfer an operator confirmed (migration 2026_11_26_0300). */
  provider: 'dpopay' | 'cash' | 'bank';
  status: Generated<'pending' | 'paid' | 'failed' | 'cancelled'>;
  amount: Money;
  currency: Generated<string>;
  transaction_token: string | null;
  transaction_ref: string | null;
  approval_code: string | null;
  result_code: string | null;
  result_explanation: string | null;
  verify_attempts: Generated<number>;
  verified_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface AuctionSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  auction_type_id: number;
  reference_number: string;
  status: Generated<'pending' | 'active' | 'declined' | 'expired'>;
  decline_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface AdvertsTable {
  id: Generated<number>;
  image: string | null;
  description: string | null;
  link_url: Generated<string>;
  date_from: Timestamp;
  date_to: Timestamp;
  active: Generated<boolean>;
  status_id: Generated<number>;
  /** The sale (auction type) the advert announces, or null (migration 2026_11_25_0100). */
  auction_type_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The banner's stored widths, widest last; null for one stored before them (migration 2026_12_03_0100). */
  image_variants: ColumnType<MediaVariant[] | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** Pages of the site that operators edit (Terms of sale, Privacy), keyed by slug (migration 2026_11_25_0110). */
export interface SitePagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  body: string;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface BillingAddressesTable {
  id: Generated<number>;
  user_id: number;
  address1: string;
  town: string | null;
  state: string | null;
  zip: string | null;
  country: Generated<string>;
  email: string | null;
  phone: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

/** What a user is told in the app, one row per event and user (issue 16). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** `lot_withdrawn`: migration 2026_11_27_0340 (issue 13 "Lots"). */
  type: 'outbid' | 'closing_soon' | 'won' | 'payment_received' | 'registration_decided' | 'saved_search' | 'lot_withdrawn';
  item_id: number | null;
  order_id: number | null;
  title: string;
  body: string;
  /** A path in the app (the lot, the order). */
  link: string | null;
  /** Names the event it tells of; unique per user, so producing twice stores one row. */
  event_key: string;
  read_at: NullableTimestamp;
  created_at: Generated<Date>;
}
/** One notification's delivery on an outside channel (issue 16). */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  channel: 'email' | 'sms' | 'push';
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}
/** How far the notification producer has read the bids and the event log. */
export interface NotificationCursorsTable {
  name: string;
  last_bid_id: number;
  last_event_id: number;
  updated_at: Generated<Date>;
}
/** Messages kept when no mail server or SMS provider is configured (read at /admin/outbox). */
export interface MessageOutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  delivery_id: number | null;
  created_at: Generated<Date>;
}
/** A lot whose watchers and bidders were reminded `minutes` before its close (issue 16). */
export interface ClosingRemindersTable {
  item_id: number;
  minutes: number;
  created_at: Generated<Date>;
}
/** A user's choice for one event type on one channel (absent: the default). */
export interface NotificationPreferencesTable {
  user_id: number;
  type: string;
  channel: 'app' | 'email' | 'sms' | 'push';
  enabled: boolean;
}

/** A mailed password reset link: only its token's SHA-256 (issue 16). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** A paid order's receipt mail and its delivery state (issue 16). */
export interface OrderReceiptsTable {
  order_id: number;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  sent_at: NullableTimestamp;
  created_at: Generated<Date>;
}

/** A browser's web push subscription (issue 16). */
/** A user's saved listing query (issue 16 "Saved searches"). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The listing's query parameters (`GET /ajax-items`), as saved. */
  query: ColumnType<Record<string, unknown>, string, string>;
  frequency: 'instant' | 'daily';
  paused: Generated<boolean>;
  /** The prefix tsquery of the query's search words; null when it has none. */
  search_tsquery: string | null;
  /** The lot kinds the query keeps (empty: all). */
  kinds: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** A lot a saved search matched; daily ones wait for the digest (`digested_at` null). */
export interface SavedSearchMatchesTable {
  saved_search_id: number;
  item_id: number;
  matched_at: Generated<Date>;
  digested_at: NullableTimestamp;
}
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
  last_sent_at: NullableTimestamp;
}

/** Every table of the Gavel database, for `Kysely<Database>`. */
/** The event log and audit trail (append-only: the database refuses UPDATE and DELETE). */
export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  subject_type: string;
  subject_id: number | null;
  actor_type: 'user' | 'operator' | 'system' | 'guest';
  actor_id: number | null;
  actor_name: string | null;
  payload: ColumnType<unknown, string, never>;
  created_at: Generated<Date>;
}
/** Committed events not yet published: one row per command, deleted once published. A bid batch's row holds its bid ids instead of events. */
export interface EventOutboxTable {
  id: Generated<number>;
  events: ColumnType<unknown, string | null | undefined, never>;
  bid_ids: ColumnType<number[] | null, number[] | null | undefined, never>;
  created_at: Generated<Date>;
}
/** A live sale's room as its clerk runs it (issue 15; migration 2026_11_29_0100). */
export interface LiveSalesTable {
  auction_type_id: number;
  seq: Generated<number>;
  status: Generated<string>;
  paused_from: string | null;
  lot_id: number | null;
  online_locked: Generated<boolean>;
  message: string | null;
  started_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** A clerk action or accepted online bid of a live sale, with the room's state before it (for Undo). */
export interface LiveActionsTable {
  id: Generated<number>;
  auction_type_id: number;
  seq: number;
  action: string;
  lot_id: number | null;
  user_id: number | null;
  paddle: string | null;
  amount: NullableMoney;
  bid_ids: ColumnType<number[], number[] | undefined, number[]>;
  before: ColumnType<unknown, string, string>;
  idempotency_key: string | null;
  undone_at: NullableTimestamp;
  created_by: number | null;
  created_at: Generated<Date>;
}
export interface Database {
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  branches: BranchesTable;
  auction_types: AuctionTypesTable;
  items: ItemsTable;
  item_media: ItemMediaTable;
  bids: BidsTable;
  maximum_bids: MaximumBidsTable;
  increment_bands: IncrementBandsTable;
  retracted_bids: RetractedBidsTable;
  watchlist_items: WatchlistItemsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  auction_subscriptions: AuctionSubscriptionsTable;
  adverts: AdvertsTable;
  site_pages: SitePagesTable;
  billing_addresses: BillingAddressesTable;
  settings: SettingsTable;
  domain_events: DomainEventsTable;
  event_outbox: EventOutboxTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_cursors: NotificationCursorsTable;
  message_outbox: MessageOutboxTable;
  notification_preferences: NotificationPreferencesTable;
  closing_reminders: ClosingRemindersTable;
  password_resets: PasswordResetsTable;
  order_receipts: OrderReceiptsTable;
  push_subscriptions: PushSubscriptionsTable;
  saved_searches: SavedSearchesTable;
  saved_search_matches: SavedSearchMatchesTable;
  live_sales: LiveSalesTable;
  live_actions: LiveActionsTable;
}

export type ItemRow = Selectable<ItemsTable>;
export type UserRow = Selectable<UsersTable>;
export type BidRow = Selectable<BidsTable>;
