import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SitePagesTable } from '../db/types.js';

/** A stored site page. */
export type SitePageRow = Pick<Selectable<SitePagesTable>, 'id' | 'slug' | 'title' | 'body' | 'updated_at'>;

const PAGE_COLUMNS = ['id', 'slug', 'title', 'body', 'updated_at'] as const;

/** One page by slug, or undefined. */
export function findSitePage(db: Kysely<Database>, slug: string): Promise<SitePageRow | undefined> {
  return db.selectFrom('site_pages').select(PAGE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

/** Every page, by slug. */
export function listSitePages(db: Kysely<Database>): Promise<SitePageRow[]> {
  return db.selectFrom('site_pages').select(PAGE_COLUMNS).orderBy('slug').execute();
}

/** Locks a page for an edit and answers it, or undefined. Call in a transaction. */
export function lockSitePage(trx: Kysely<Database>, slug: string): Promise<SitePageRow | undefined> {
  return trx.selectFrom('site_pages').select(PAGE_COLUMNS).where('slug', '=', slug).forUpdate().executeTakeFirst();
}

/** Stores a page's new title and text, by whom (`updated_at` now). @returns the stored row. */
export function updateSitePageRow(db: Kysely<Database>, slug: string, values: { title: string; body: string; updated_by: number }): Promise<SitePageRow> {
  return db
    .updateTable('site_pages')
    .set({ ...values, updated_at: sql`now()` })
    .where('slug', '=', slug)
    .returning(PAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}
