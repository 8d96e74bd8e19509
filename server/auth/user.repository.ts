import { sql, type Kysely } from 'kysely';
import type { PublicUser } from '@shared/schemas/auth.schema.js';
import type { Database } from '../db/types.js';
import { preparedQuery } from '../db/prepared-statements.js';

/** A user with roles and permissions, as the API presents it. */
export type AuthUser = PublicUser;

const rolesOf = (userId: unknown) => sql<{ name: string }[]>`coalesce((
  SELECT json_agg(json_build_object('name', r.name) ORDER BY r.name)
  FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId}), '[]'::json)`;
const permissionsOf = (userId: unknown) => sql<string[]>`coalesce((
  SELECT json_agg(DISTINCT p.name) FROM permissions p WHERE p.id IN (
    SELECT rp.permission_id FROM role_permissions rp JOIN user_roles ur ON ur.role_id = rp.role_id WHERE ur.user_id = ${userId}
    UNION SELECT up.permission_id FROM user_permissions up WHERE up.user_id = ${userId})), '[]'::json)`;

const publicColumns = ['users.id', 'users.name', 'users.email', 'users.phone', 'users.address', 'users.image', 'users.is_customer'] as const;

/** Loads a user with roles and permissions by id; undefined when missing. */
export async function findAuthUserById(db: Kysely<Database>, id: number): Promise<AuthUser | undefined> {
  return db
    .selectFrom('users')
    .select(publicColumns)
    .select([rolesOf(sql.ref('users.id')).as('roles'), permissionsOf(sql.ref('users.id')).as('permissions')])
    .where('users.id', '=', id)
    .executeTakeFirst();
}

/**
 * Loads the user of a live (not expired, not revoked) session by the session id hash, in one
 * prepared query (planning its role and permission subqueries cost more than running them);
 * undefined when the session is unknown, expired or revoked, or has no user.
 */
export async function findUserBySessionHash(
  db: Kysely<Database>,
  sessionHash: string,
): Promise<(AuthUser & { session_last_seen_at: Date; session_remember: boolean }) | undefined> {
  const query = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(publicColumns)
    .select([
      rolesOf(sql.ref('users.id')).as('roles'),
      permissionsOf(sql.ref('users.id')).as('permissions'),
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.remember as session_remember',
    ])
    .where('sessions.id', '=', sessionHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .compile();
  return (await db.executeQuery(preparedQuery('user_by_session', query))).rows[0];
}

/** Loads the user of a live API token by the token hash, in one prepared query (as {@link findUserBySessionHash}). */
export async function findUserByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<(AuthUser & { token_id: number }) | undefined> {
  const query = db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select(publicColumns)
    .select([rolesOf(sql.ref('users.id')).as('roles'), permissionsOf(sql.ref('users.id')).as('permissions'), 'api_tokens.id as token_id'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .where('api_tokens.revoked_at', 'is', null)
    .where('api_tokens.expires_at', '>', sql<Date>`now()`)
    .compile();
  return (await db.executeQuery(preparedQuery('user_by_token', query))).rows[0];
}

/** Finds a user row (with its password hash) by email, trimmed and case-insensitively; undefined when none. */
export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Creates a customer: role `customer` (which carries `place_bids`), `is_customer` true; the
 * email is stored trimmed. Inside a transaction (a command's) it runs there; given the plain
 * database handle it opens its own, so the user and its role land together.
 * @returns the new user's id.
 * @throws the database's unique violation (code 23505) when the email is taken.
 */
export async function insertCustomer(
  db: Kysely<Database>,
  input: { name: string; email: string; phone: string | null; passwordHash: string },
): Promise<number> {
  const insert = async (trx: Kysely<Database>) => {
    const { id } = await trx
      .insertInto('users')
      .values({ name: input.name, email: input.email.trim(), phone: input.phone, password_hash: input.passwordHash, address: null, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .columns(['user_id', 'role_id'])
      .expression((eb) =>
        eb
          .selectFrom('roles')
          .select([eb.val(id).as('user_id'), 'roles.id'])
          .where('roles.name', '=', 'customer'),
      )
      .execute();
    return id;
  };
  return db.isTransaction ? insert(db) : db.transaction().execute(insert);
}

/** Locks a user's row (`FOR UPDATE`) and returns its name and email; undefined when missing. Call inside a transaction. */
export async function lockUserAccount(trx: Kysely<Database>, userId: number): Promise<{ name: string; email: string } | undefined> {
  return trx.selectFrom('users').select(['name', 'email']).where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** Whether an account other than `exceptUserId` uses `email` (compared trimmed, case-insensitively). */
export async function isEmailTakenByOther(db: Kysely<Database>, email: string, exceptUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Sets a user's name and email and, when `passwordHash` is given (the output of `hashPassword`,
 * server/auth/password.ts), the password; stamps `updated_at`.
 * @throws the database's unique violation (code 23505) when another account has the email.
 */
export async function updateUserAccount(
  db: Kysely<Database>,
  userId: number,
  change: { name: string; email: string; passwordHash: string | null },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: change.name, email: change.email, updated_at: sql`now()`, ...(change.passwordHash ? { password_hash: change.passwordHash } : {}) })
    .where('id', '=', userId)
    .execute();
}
