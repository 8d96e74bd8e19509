import { solveCaptcha } from './captcha.js';

/**
 * A small browser-like HTTP client for tests: keeps cookies, sends `X-XSRF-TOKEN` from the
 * `XSRF-TOKEN` cookie on state-changing requests, or a bearer token when given.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  /** Headers sent with every request (e.g. `x-forwarded-for` behind a trusted test proxy). */
  headers: Record<string, string> = {};

  constructor(
    readonly baseUrl: string,
    private bearer?: string,
  ) {}

  /** The cookie header value this client would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sends a request; JSON bodies are encoded; answers status and parsed JSON (or null). */
  async request<T = any>(method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf && opts.csrf !== false) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<T>('POST', path, body ?? {}, opts);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body ?? {});
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }

  /** A solved human-verification token for this server (see helpers/captcha.ts). */
  captcha(): Promise<string> {
    return solveCaptcha(this.baseUrl);
  }

  /** Signs in as an API client: a solved ALTCHA, then `POST /api/login`; answers `{token, user}` on 200. */
  async apiLogin(email: string, password = 'password') {
    return this.post('/api/login', { email, password, 'g-recaptcha-response': await this.captcha() });
  }

  /** Signs in through the browser flow: CSRF cookie, a solved ALTCHA, then `POST /login`. */
  async login(email: string, password = 'password', remember = false) {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/login', { username: email, password, remember, redirect: '/', 'g-recaptcha-response': await this.captcha() });
  }
}
