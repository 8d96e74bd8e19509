import { type Kysely, sql } from 'kysely';

/**
 * The whole Gavel domain: accounts (users, roles, permissions, sessions, API tokens), catalogue
 * (branches, auction types, items, media), bidding, watchlist, carts, orders, payments,
 * live-auction subscriptions, adverts, billing addresses and settings.
 * Money is `numeric(14,2)` (MWK, exact); times are `timestamptz`. Runs on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE roles (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE permissions (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE role_permissions (
      role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      permission_id bigint NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
      PRIMARY KEY (role_id, permission_id)
    );
    CREATE TABLE users (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      address text,
      image text,
      password_hash text NOT NULL,
      is_customer boolean NOT NULL DEFAULT true,
      email_verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
    CREATE TABLE user_roles (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, role_id)
    );
    CREATE TABLE user_permissions (
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      permission_id bigint NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, permission_id)
    );
    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id bigint REFERENCES users(id) ON DELETE CASCADE,
      remember boolean NOT NULL DEFAULT false,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);
    CREATE TABLE api_tokens (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT 'api',
      token_hash text NOT NULL UNIQUE,
      last_used_at timestamptz,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id);

    CREATE TABLE branches (
      id bigserial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      address text,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE auction_types (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('cash', 'online', 'live')),
      description text,
      date_from timestamptz,
      date_to timestamptz,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX auction_types_type_idx ON auction_types (type);

    CREATE TABLE items (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      title text,
      description text,
      target_amount numeric(14,2) NOT NULL CHECK (target_amount >= 0),
      reserve_price numeric(14,2) CHECK (reserve_price >= 0),
      bid_amount numeric(14,2) CHECK (bid_amount > 0),
      bid_count integer NOT NULL DEFAULT 0,
      leader_id bigint REFERENCES users(id),
      auction_type_id bigint NOT NULL REFERENCES auction_types(id),
      branch_id bigint REFERENCES branches(id),
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold', 'unsold', 'withdrawn')),
      condition text,
      featured boolean NOT NULL DEFAULT false,
      code text,
      reference_number text,
      quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 0),
      date_from timestamptz,
      date_to timestamptz,
      closed_by bigint REFERENCES users(id),
      closed_at timestamptz,
      is_reserved boolean NOT NULL DEFAULT false,
      reserved_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(code, '') || ' ' || coalesce(reference_number, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(description, '')), 'B')
      ) STORED
    );
    CREATE INDEX items_search_idx ON items USING gin (search_vector);
    CREATE INDEX items_type_created_idx ON items (auction_type_id, created_at DESC);
    CREATE INDEX items_created_idx ON items (created_at DESC, id DESC);
    CREATE INDEX items_date_to_idx ON items (date_to);
    CREATE INDEX items_branch_idx ON items (branch_id);
    CREATE INDEX items_price_idx ON items ((coalesce(bid_amount, target_amount)));
    CREATE INDEX items_open_close_idx ON items (date_to) WHERE closed_by IS NULL AND status = 'available';

    CREATE TABLE item_media (
      id bigserial PRIMARY KEY,
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      url text NOT NULL,
      original_url text NOT NULL,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX item_media_item_idx ON item_media (item_id, position);

    CREATE TABLE bids (
      id bigserial PRIMARY KEY,
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users(id),
      bid_amount numeric(14,2) NOT NULL CHECK (bid_amount > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (item_id, bid_amount)
    );
    CREATE INDEX bids_item_created_idx ON bids (item_id, created_at DESC, id DESC);
    CREATE INDEX bids_user_created_idx ON bids (user_id, created_at DESC);

    CREATE TABLE watchlist_items (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, item_id)
    );
    CREATE INDEX watchlist_items_item_idx ON watchlist_items (item_id);

    CREATE TABLE carts (
      id bigserial PRIMARY KEY,
      user_id bigint UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      guest_token_hash text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (user_id IS NOT NULL OR guest_token_hash IS NOT NULL)
    );
    CREATE TABLE cart_items (
      id bigserial PRIMARY KEY,
      cart_id bigint NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      item_id bigint NOT NULL REFERENCES items(id) ON DELETE CASCADE,
      quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 99),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cart_id, item_id)
    );

    CREATE TABLE orders (
      id bigserial PRIMARY KEY,
      order_reference text NOT NULL UNIQUE,
      user_id bigint REFERENCES users(id) ON DELETE SET NULL,
      source text NOT NULL DEFAULT 'checkout' CHECK (source IN ('checkout', 'auction')),
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'awaiting_payment', 'reserved', 'paid', 'completed', 'cancelled', 'failed')),
      payment_method text CHECK (payment_method IN ('dpopay', 'cash', 'bank', 'card')),
      payment_reference text,
      currency text NOT NULL DEFAULT 'MWK',
      sub_total numeric(14,2) NOT NULL DEFAULT 0,
      vat numeric(14,2) NOT NULL DEFAULT 0,
      discount numeric(14,2) NOT NULL DEFAULT 0,
      amount_total numeric(14,2) NOT NULL DEFAULT 0,
      customer_name text,
      customer_email text,
      customer_phone text,
      billing_address text,
      billing_city text,
      billing_state text,
      billing_postal_code text,
      billing_country text,
      reserved_until timestamptz,
      paid_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);
    CREATE INDEX orders_reserved_until_idx ON orders (reserved_until) WHERE status = 'reserved';
    CREATE TABLE order_lines (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      item_id bigint REFERENCES items(id) ON DELETE SET NULL,
      name text NOT NULL,
      quantity integer NOT NULL CHECK (quantity >= 1),
      unit_price numeric(14,2) NOT NULL,
      amount numeric(14,2) NOT NULL
    );
    CREATE INDEX order_lines_order_idx ON order_lines (order_id);
    CREATE INDEX order_lines_item_idx ON order_lines (item_id);

    CREATE TABLE payments (
      id bigserial PRIMARY KEY,
      order_id bigint NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('dpopay', 'cash')),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'cancelled')),
      amount numeric(14,2) NOT NULL,
      currency text NOT NULL DEFAULT 'MWK',
      transaction_token text UNIQUE,
      transaction_ref text,
      approval_code text,
      result_code text,
      result_explanation text,
      verify_attempts integer NOT NULL DEFAULT 0,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payments_order_idx ON payments (order_id);
    CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending';

    CREATE TABLE auction_subscriptions (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      auction_type_id bigint NOT NULL REFERENCES auction_types(id) ON DELETE CASCADE,
      reference_number text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'declined', 'expired')),
      decline_reason text,
      reviewed_by bigint REFERENCES users(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX auction_subscriptions_reference_key ON auction_subscriptions (upper(reference_number));
    CREATE UNIQUE INDEX auction_subscriptions_open_key ON auction_subscriptions (user_id, auction_type_id)
      WHERE status IN ('pending', 'active');
    CREATE INDEX auction_subscriptions_status_idx ON auction_subscriptions (status, created_at);

    CREATE TABLE adverts (
      id bigserial PRIMARY KEY,
      image text,
      description text,
      link_url text NOT NULL DEFAULT '/register-bid',
      date_from timestamptz NOT NULL,
      date_to timestamptz NOT NULL,
      active boolean NOT NULL DEFAULT true,
      status_id integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (date_to >= date_from)
    );
    CREATE INDEX adverts_dates_idx ON adverts (date_from, date_to);

    CREATE TABLE billing_addresses (
      id bigserial PRIMARY KEY,
      user_id bigint NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      address1 text NOT NULL,
      town text,
      state text,
      zip text,
      country text NOT NULL DEFAULT 'Malawi',
      email text,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

/** Drops everything `up` created. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE IF EXISTS settings, billing_addresses, adverts, auction_subscriptions, payments, order_lines,
      orders, cart_items, carts, watchlist_items, bids, item_media, items, auction_types, branches,
      api_tokens, sessions, user_permissions, user_roles, users, role_permissions, permissions, roles CASCADE;
  `,
  );
}

/** PGlite's extended protocol takes one statement per query, so run them one by one. */
async function runStatements(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
