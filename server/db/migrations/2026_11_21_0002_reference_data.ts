import { type Kysely, sql } from 'kysely';

/**
 * Reference data every database needs, seeded or not: the roles `customer` and `admin`, the
 * permissions, and default settings (bid increment MK 1, soft close 2 minutes, cash-on-delivery
 * reservation 48 hours). Source: spec/shopping.md §5 and §9; soft close as in
 * server/bids/bids.commands.ts (a late bid on an online auction moves its end).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO roles (name) VALUES ('customer'), ('admin') ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO permissions (name) VALUES ('place_bids'), ('manage_auctions'), ('manage_adverts'),
    ('manage_subscriptions'), ('view_queues') ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO role_permissions (role_id, permission_id)
    SELECT r.id, p.id FROM roles r CROSS JOIN permissions p
    WHERE (r.name = 'customer' AND p.name = 'place_bids') OR r.name = 'admin'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO settings (key, value) VALUES
    ('auction_bid_increment', '1'),
    ('soft_close_minutes', '2'),
    ('cod_reservation_hours', '48')
    ON CONFLICT DO NOTHING`.execute(db);
}

/** Removes the reference data. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM settings WHERE key IN ('auction_bid_increment', 'soft_close_minutes', 'cod_reservation_hours')`.execute(db);
  await sql`DELETE FROM role_permissions`.execute(db);
  await sql`DELETE FROM permissions`.execute(db);
  await sql`DELETE FROM roles WHERE name IN ('customer', 'admin')`.execute(db);
}
