import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../server/auth/password.js';
import type { Database } from '../../server/db/types.js';

/** What a load run was given to work with. */
export interface Provisioned {
  runTag: string;
  bidders: { userId: number; token: string }[];
  itemIds: number[];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Creates `bidders` customer accounts (role customer → place_bids) with API tokens, and
 * `items` open online auctions starting at MK 1,000, straight through the database in bulk
 * (not the public sign-up, which needs human verification). Accounts are named
 * `loadtest-<tag>-<n>@example.test`; tokens live for `tokenTtlMs`. Items close after
 * `openForMs` (the run plus a margin).
 */
export async function provisionLoad(
  db: Kysely<Database>,
  opts: { bidders: number; items: number; openForMs: number; tokenTtlMs?: number },
): Promise<Provisioned> {
  const runTag = randomBytes(3).toString('hex');
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  return db.transaction().execute(async (trx) => {
    const type =
      (await trx.selectFrom('auction_types').select('id').where('name', '=', 'Load test').where('type', '=', 'online').executeTakeFirst()) ??
      (await trx
        .insertInto('auction_types')
        .values({ name: 'Load test', type: 'online', description: 'Lots created by the load-testing tool' })
        .returning('id')
        .executeTakeFirstOrThrow());
    const bidders: { userId: number; token: string }[] = [];
    for (let start = 0; start < opts.bidders; start += 1000) {
      const n = Math.min(1000, opts.bidders - start);
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, i) => ({
            name: `Load Bidder ${start + i + 1}`,
            email: `loadtest-${runTag}-${start + i + 1}@example.test`,
            phone: null,
            address: null,
            image: null,
            password_hash: passwordHash,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('user_roles')
        .columns(['user_id', 'role_id'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .innerJoin('roles', (j) => j.on('roles.name', '=', 'customer'))
            .select(['users.id', 'roles.id as role_id'])
            .where(
              'users.id',
              'in',
              users.map((u) => u.id),
            ),
        )
        .execute();
      const tokens = users.map((u) => ({ userId: u.id, token: randomBytes(32).toString('base64url') }));
      await trx
        .insertInto('api_tokens')
        .values(
          tokens.map((t) => ({
            user_id: t.userId,
            name: `loadtest-${runTag}`,
            token_hash: sha256(t.token),
            expires_at: new Date(Date.now() + (opts.tokenTtlMs ?? 6 * 3600_000)),
          })),
        )
        .execute();
      bidders.push(...tokens);
    }
    const itemIds: number[] = [];
    for (let start = 0; start < opts.items; start += 1000) {
      const n = Math.min(1000, opts.items - start);
      const rows = await trx
        .insertInto('items')
        .values(
          Array.from({ length: n }, (_, i) => ({
            name: `Load test lot ${runTag}-${start + i + 1}`,
            title: null,
            description: 'Created by the load-testing tool.',
            target_amount: 1000,
            auction_type_id: type.id,
            branch_id: null,
            date_from: sql<Date>`now() - interval '1 minute'`,
            date_to: new Date(Date.now() + opts.openForMs),
            condition: 'used',
            code: `LOAD-${runTag}-${start + i + 1}`,
            reference_number: null,
            leader_id: null,
          })),
        )
        .returning('id')
        .execute();
      itemIds.push(...rows.map((r) => r.id));
    }
    return { runTag, bidders, itemIds };
  });
}
