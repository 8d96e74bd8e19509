import { z } from 'zod';

/** Answer of Google's siteverify (STACK-NOTES.md). */
const siteverifySchema = z.object({
  success: z.boolean(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Outcome of a reCAPTCHA v2 check. */
export type RecaptchaCheck = { ok: true } | { ok: false; reason: 'expired' | 'invalid' | 'unavailable' };

/**
 * `POST {verifyUrl}` (form: secret, response, remoteip) → `{success, error-codes}`.
 * A token is single use and valid 2 minutes: Google itself rejects a replay with
 * `timeout-or-duplicate`, reported here as `expired`. Network failure or a non-2xx answer
 * (10 s time-out) is `unavailable`. Never throws.
 */
export async function checkRecaptchaToken(
  token: string,
  opts: { secret: string; verifyUrl: string; ip?: string; fetchFn?: typeof fetch },
): Promise<RecaptchaCheck> {
  const form = new URLSearchParams({ secret: opts.secret, response: token });
  if (opts.ip) form.set('remoteip', opts.ip);
  try {
    const res = await (opts.fetchFn ?? fetch)(opts.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) return { ok: false, reason: 'unavailable' };
    const body = siteverifySchema.safeParse(await res.json());
    if (!body.success) return { ok: false, reason: 'unavailable' };
    if (body.data.success) return { ok: true };
    return { ok: false, reason: body.data['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'invalid' };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}
