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
}
export interface ItemMediaTable {
  id: Generated<number>;
  item_id: number;
  url: string;
  original_url: string;
  position: Generated<number>;
  created_at: Generated<Date>;
}
export interface BidsTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  bid_amount: Money;
  created_at: Generated<Date>;
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
  provider: 'dpopay' | 'cash';
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
  watchlist_items: WatchlistItemsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  auction_subscriptions: AuctionSubscriptionsTable;
  adverts: AdvertsTable;
  billing_addresses: BillingAddressesTable;
  settings: SettingsTable;
  domain_events: DomainEventsTable;
  event_outbox: EventOutboxTable;
}

export type ItemRow = Selectable<ItemsTable>;
export type UserRow = Selectable<UsersTable>;
export type BidRow = Selectable<BidsTable>;
