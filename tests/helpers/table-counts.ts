import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/types.js';

/** Row counts of every table of the public schema (migrations' own tables aside): requests that are refused must change none. */
export async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name
  `.execute(db);
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}`.execute(db);
    out[table_name] = r.rows[0].n;
  }
  return out;
}
