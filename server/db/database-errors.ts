/** Socket-level failures reaching the database server (refused, reset, unreachable, unresolvable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not taking connections: admin_shutdown,
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
 * Class 08 (connection exceptions) is matched by its prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What `pg` and `pg-pool` say when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = [
  'Connection terminated', // '… unexpectedly', '… due to connection timeout'
  'timeout exceeded when trying to connect', // the pool's connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable',
];

/** One error's own signs of a lost or refused database connection (not its causes). */
function isConnectionFailure(err: { code?: unknown; message?: unknown }): boolean {
  const code = typeof err.code === 'string' ? err.code : undefined;
  if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * True when `err` says the database cannot be reached right now, rather than that the query was
 * wrong: a refused, reset or unreachable connection (ECONNREFUSED, ECONNRESET, …), PostgreSQL
 * shutting down or starting up (SQLSTATE 57P01, 57P02, 57P03, 53300, class 08), a connection
 * ended mid-query ('Connection terminated unexpectedly'), or no pooled connection within the
 * pool's connect timeout. Looks into `AggregateError`s (Node reports a refused dual-stack
 * connect as one), not into `cause`s (a failed outgoing HTTP call carries ECONNREFUSED as its
 * cause, and is not the database). Constraint violations, syntax errors, serialization
 * failures and any other error answer false. Callers answer 503 `service_unavailable` for it
 * (`errorAnswer`). Part of the fault hardening of the database layer.
 */
export function isDatabaseUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    if (isConnectionFailure(e)) return true;
    const { errors } = e as { errors?: unknown };
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
