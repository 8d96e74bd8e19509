/** sessionStorage key of the page to return to after sign-in. Source: spec/accounts-and-shell.md §2 "Navigation guard". */
export const AUTH_REDIRECT_KEY = 'auth_redirect';

/** Only same-site paths are followed (no open redirect); `/login` and `/register` fall back to `fallback`. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return /^\/(spa\/)?(login|register)(\/|\?|#|$)/.test(path) ? fallback : path;
  } catch {
    return fallback;
  }
}

/** Remembers where to go after sign-in (the navigation guard calls it before sending to /login). */
export function storeAuthRedirect(path: string): void {
  try {
    sessionStorage.setItem(AUTH_REDIRECT_KEY, path);
  } catch {
    // Storage may be unavailable (private mode): the redirect parameter still carries it.
  }
}

/** Returns and forgets the stored redirect, or null. */
export function takeAuthRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(AUTH_REDIRECT_KEY);
    sessionStorage.removeItem(AUTH_REDIRECT_KEY);
    return value;
  } catch {
    return null;
  }
}

/** Reads the stored redirect without forgetting it, or null. */
export function peekAuthRedirect(): string | null {
  try {
    return sessionStorage.getItem(AUTH_REDIRECT_KEY);
  } catch {
    return null;
  }
}
