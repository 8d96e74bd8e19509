import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Fetches a real ALTCHA challenge from `GET {baseUrl}/api/captcha/challenge` and solves it
 * with altcha-lib, as the widget does; returns the `g-recaptcha-response` value (base64 JSON
 * `{challenge, solution}`). Test servers set a low difficulty (ALTCHA_COST, ALTCHA_COUNTER_MAX).
 */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/captcha/challenge`);
  if (!res.ok) throw new Error(`captcha challenge: HTTP ${res.status}`);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('captcha challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
