import { createHash } from 'node:crypto';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import pg from 'pg';

const MARK_START = '/* prepare ';
/** A statement name: lower case, digits and `_`, starting with a letter. */
const NAME = '[a-z][a-z0-9_]*';
const VALID_NAME = new RegExp(`^${NAME}$`);
const MARK = new RegExp(`^/\\* prepare (${NAME}) \\*/`);

/**
 * Put first in a `sql` template: the statement is prepared once per PostgreSQL connection and
 * executed by name afterwards, so the server parses and plans it once instead of on every call
 * (PostgreSQL switches to its generic plan after a few runs when that is no worse). For the
 * statements of the bid path, which run hundreds of times a second with the same text. The
 * statement's text must be the same on every call (arrays, not lists of values); a text that
 * varies only gets another name (the name carries a hash of the text), so mark only statements
 * with a few shapes. Without PostgreSQL (PGlite) the mark is a plain comment. `name`: lower case,
 * digits and `_`.
 */
export function prepared(name: string): RawBuilder<unknown> {
  return sql.raw(markText(name));
}

/**
 * A compiled Kysely query marked like {@link prepared} (run it with `db.executeQuery`): for a
 * query built with the query builder whose text is the same on every call. Used by the lookups
 * every signed-in request makes (a session or API token's user, with roles and permissions), whose
 * planning cost more than their execution. `name`: lower case, digits and `_`.
 */
export function preparedQuery<R>(name: string, query: CompiledQuery<R>): CompiledQuery<R> {
  return { ...query, sql: `${markText(name)}${query.sql}` };
}

/** The mark's text for `name`. @throws Error when the name is not lower case, digits and `_`. */
function markText(name: string): string {
  if (!VALID_NAME.test(name)) throw new Error(`invalid statement name: ${name}`);
  return `${MARK_START}${name} */ `;
}

/** Statement name of each marked text seen in this process. */
const names = new Map<string, string>();

/**
 * The statement name for a marked text (its mark's name and a hash of the text), or undefined when
 * unmarked. Every query passes here: an unmarked text is told by its first characters, without
 * hashing it for the cache.
 */
export function statementName(text: string): string | undefined {
  if (!text.startsWith(MARK_START)) return undefined;
  const known = names.get(text);
  if (known) return known;
  const mark = MARK.exec(text);
  if (!mark) return undefined;
  const name = `${mark[1]}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  names.set(text, name);
  return name;
}

/**
 * The pool's connection class: a `pg` client that runs texts marked with {@link prepared} as
 * named prepared statements (node-postgres parses a name once per connection and binds it
 * afterwards); every other query goes through unchanged.
 */
export class PreparingClient extends pg.Client {
  // node-postgres overloads `query` many ways; only (text, values) calls are rewritten.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && (args.length === 1 || (args.length === 2 && Array.isArray(values)))) {
      const name = statementName(text);
      if (name) return super.query({ name, text, values: values as unknown[] | undefined }) as never;
    }
    return (super.query as (...a: unknown[]) => unknown)(...args) as never;
  }
}
