/**
 * Same-origin JSON client for the Gavel server.
 * State-changing requests carry the anti-forgery header `X-XSRF-TOKEN` read fresh from the
 * `XSRF-TOKEN` cookie on every request; a 419 answer refreshes the cookie and retries once.
 * Source: DESIGN.md "Sign-in and sessions".
 */

/** Error body the server answers on failure (`{message, errors?, error?, reason?}`). */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

/** A failed call: `status` is the HTTP status, 0 for a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, message: string, body: ApiErrorBody | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** True when the request never reached the server (offline, DNS, refused). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type Primitive = string | number | boolean | null | undefined;
/** Query parameters; arrays are sent as `name[]=a&name[]=b`. */
export type QueryParams = Record<string, Primitive | Primitive[]>;

const CSRF_COOKIE = 'XSRF-TOKEN';

/** Reads a cookie by name (URI-decoded), or null. */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) {
      try {
        return decodeURIComponent(c.slice(prefix.length));
      } catch {
        return c.slice(prefix.length);
      }
    }
  }
  return null;
}

/** Builds `path?query`; empty strings, null and undefined are left out. */
export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const v of value) if (v !== null && v !== undefined && v !== '') qs.append(`${key}[]`, String(v));
    } else if (value !== null && value !== undefined && value !== '') {
      qs.append(key, String(value));
    }
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toError(res: Response, body: unknown): ApiError {
  const errBody: ApiErrorBody | null = isRecord(body) ? (body as ApiErrorBody) : null;
  const message =
    (errBody && typeof errBody.message === 'string' && errBody.message) ||
    (errBody && typeof errBody.error === 'string' && errBody.error) ||
    (typeof body === 'string' && body.length < 300 ? body : '') ||
    res.statusText ||
    `HTTP ${res.status}`;
  return new ApiError(res.status, message, errBody);
}

async function doFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    throw new ApiError(0, e instanceof Error ? e.message : 'Network error', null);
  }
}

/** Fetches `GET /sanctum/csrf-cookie`, which (re)sets the readable `XSRF-TOKEN` cookie. */
export async function refreshCsrfCookie(): Promise<void> {
  await doFetch('/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
}

/** Answers requested before the page's code asked for them, by URL, with when they were asked; each is used once. */
const earlyAnswers = new Map<string, { answer: Promise<unknown>; at: number }>();

/** How long an early answer may wait for its page (ms); later the page asks afresh. */
const EARLY_ANSWER_TTL_MS = 15_000;

/**
 * Starts `GET url` now (at start-up, before the page's own code has loaded), so the page's first
 * {@link apiGet} of the same URL takes this answer instead of asking again. Used once; a failed
 * early request is forgotten and the page asks itself. Source: issue 17 "The first API answers
 * the home page needs … not after the JavaScript has run".
 */
export function requestEarly(url: string): void {
  if (earlyAnswers.has(url)) return;
  const answer = fetchJson(url, {});
  earlyAnswers.set(url, { answer, at: Date.now() });
  answer.catch(() => earlyAnswers.delete(url));
}

/** When this page started loading (the browser's clock, ms): no request of the page was made before it. */
function pageStart(): number {
  return typeof performance !== 'undefined' && performance.timeOrigin > 0 ? Math.floor(performance.timeOrigin) : Date.now();
}

async function fetchJson(url: string, opts: { signal?: AbortSignal; withCsrf?: boolean }): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (opts.withCsrf) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  const res = await doFetch(url, { credentials: 'same-origin', headers, signal: opts.signal });
  const body = await readBody(res);
  if (!res.ok) throw toError(res, body);
  return body;
}

/**
 * GET a JSON resource. Resolves to the parsed body (unknown: parse it with its schema);
 * rejects with {@link ApiError} on a non-2xx answer or a network failure.
 * `withCsrf` adds the anti-forgery header (some read calls ask for it). An answer started early
 * for the same URL ({@link requestEarly}) is used instead of a new request, once.
 */
export async function apiGet(path: string, params?: QueryParams, opts: { signal?: AbortSignal; withCsrf?: boolean } = {}): Promise<unknown> {
  return (await apiGetAsked(path, params, opts)).body;
}

/**
 * {@link apiGet}, also answering when the answer was asked for (`askedAt`, the browser's clock in
 * ms: the start of the request; for an answer started early, the page's start, since the page's
 * HTML may have asked for it first), so a live view knows from when it may have missed changes
 * (lib/use-item-rooms.ts, the lot page's room in lib/socket.ts).
 */
export async function apiGetAsked(
  path: string,
  params?: QueryParams,
  opts: { signal?: AbortSignal; withCsrf?: boolean } = {},
): Promise<{ body: unknown; askedAt: number }> {
  const url = buildUrl(path, params);
  const early = opts.withCsrf ? undefined : earlyAnswers.get(url);
  if (early) {
    earlyAnswers.delete(url);
    try {
      // A preloaded answer may have been asked for by the page's HTML, before `requestEarly` ran:
      // the page's start bounds it from below.
      if (Date.now() - early.at < EARLY_ANSWER_TTL_MS) return { body: await early.answer, askedAt: Math.min(early.at, pageStart()) };
    } catch {
      // Asked again below.
    }
  }
  const askedAt = Date.now();
  return { body: await fetchJson(url, opts), askedAt };
}

/**
 * Sends a JSON body with POST/PATCH/DELETE, the anti-forgery header and the session cookie.
 * Fetches the CSRF cookie first when missing; on 419 fetches it again and retries once.
 * Resolves to the parsed body; rejects with {@link ApiError}.
 */
export async function apiSend(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  if (!readCookie(CSRF_COOKIE)) await refreshCsrfCookie();
  const attempt = async () => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    const token = readCookie(CSRF_COOKIE);
    if (token) headers['X-XSRF-TOKEN'] = token;
    return doFetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  let res = await attempt();
  if (res.status === 419) {
    await refreshCsrfCookie();
    res = await attempt();
  }
  const parsed = await readBody(res);
  if (!res.ok) throw toError(res, parsed);
  return parsed;
}

/**
 * Sends a multipart form (files) with the anti-forgery header and the session cookie; on 419
 * fetches the CSRF cookie again and retries once. Resolves to the parsed body; rejects with
 * {@link ApiError} (a 422's body, with `errors`, is on the error).
 */
export async function apiSendForm(method: 'POST' | 'PATCH' | 'PUT', path: string, form: FormData): Promise<unknown> {
  if (!readCookie(CSRF_COOKIE)) await refreshCsrfCookie();
  const attempt = () =>
    doFetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': readCookie(CSRF_COOKIE) ?? '' },
      body: form,
    });
  let res = await attempt();
  if (res.status === 419) {
    await refreshCsrfCookie();
    res = await attempt();
  }
  const parsed = await readBody(res);
  if (!res.ok) throw toError(res, parsed);
  return parsed;
}

/** All field messages of a 422 body, in order (`errors: {field: [text]}`). */
export function fieldMessages(body: ApiErrorBody | null): string[] {
  if (!body?.errors || !isRecord(body.errors)) return [];
  const out: string[] = [];
  for (const list of Object.values(body.errors)) {
    if (Array.isArray(list)) for (const m of list) if (typeof m === 'string') out.push(m);
  }
  return out;
}
