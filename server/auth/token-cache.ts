import type { AuthUser } from './user.repository.js';

/** How long a resolved bearer token is reused before the database is asked again, ms. */
export const TOKEN_CACHE_TTL_MS = 5000;

interface Entry {
  user: AuthUser;
  tokenId: number;
  expires: number;
}

/**
 * Short-lived memory of resolved bearer tokens (keyed by the token's SHA-256), so API clients
 * bidding many times a second don't cost a database lookup per request (README.md
 * "Performance"). A revocation in this process clears the whole cache at once (revocations are
 * rare); other processes see it within {@link TOKEN_CACHE_TTL_MS}. Holds at most `maxEntries`
 * tokens.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly maxEntries = 20_000,
  ) {}

  /** The cached user of a token hash, or undefined when absent or stale. */
  get(tokenHash: string): { user: AuthUser; tokenId: number } | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e;
  }

  /** Remembers a resolved token. */
  set(tokenHash: string, user: AuthUser, tokenId: number): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { user, tokenId, expires: Date.now() + this.ttlMs });
  }

  /** Forgets everything (after any revocation or password change in this process). */
  clear(): void {
    this.entries.clear();
  }
}
