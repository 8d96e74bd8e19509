import { LRUCache } from 'lru-cache';
import type { AuthUser } from './user.repository.js';

/** How long a resolved bearer token is reused before the database is asked again, ms. */
export const TOKEN_CACHE_TTL_MS = 5000;

/** Most tokens kept at once; past it the least recently used goes. */
export const TOKEN_CACHE_MAX_ENTRIES = 20_000;

interface Entry {
  user: AuthUser;
  tokenId: number;
}

/**
 * Short-lived memory of resolved bearer tokens (keyed by the token's SHA-256), so API clients
 * bidding many times a second don't cost a database lookup per request (README.md
 * "Performance"). An `lru-cache` with a TTL: an entry is reused for {@link TOKEN_CACHE_TTL_MS},
 * and past `maxEntries` the least recently used token is dropped (the busy ones stay). A
 * revocation in this process clears the whole cache at once (revocations are rare); other
 * processes see it within the TTL. Source: issue 19 (no home-made caches).
 */
export class TokenCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(ttlMs = TOKEN_CACHE_TTL_MS, maxEntries = TOKEN_CACHE_MAX_ENTRIES) {
    // The wall clock (Date.now), as everywhere else in the server.
    this.entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs, perf: { now: () => Date.now() } });
  }

  /** The cached user of a token hash, or undefined when absent or stale. */
  get(tokenHash: string): { user: AuthUser; tokenId: number } | undefined {
    return this.entries.get(tokenHash);
  }

  /** Remembers a resolved token. */
  set(tokenHash: string, user: AuthUser, tokenId: number): void {
    this.entries.set(tokenHash, { user, tokenId });
  }

  /** Forgets everything (after any revocation or password change in this process). */
  clear(): void {
    this.entries.clear();
  }

  /** Tokens held now (stale ones may count until touched). */
  get size(): number {
    return this.entries.size;
  }
}
