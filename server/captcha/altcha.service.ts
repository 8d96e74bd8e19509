import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

/** Proof-of-work algorithm of Gavel's challenges (ALTCHA PoW v2; STACK-NOTES.md). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** How hard and how long-lived challenges are, and the secrets that sign them. */
export interface AltchaSettings {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The hidden counter is drawn from [counterMax/2, counterMax]. */
  counterMax: number;
  expiresSeconds: number;
  /** Signs the challenge parameters (tamper check). */
  hmacSecret: string;
}

/** Derives a separate secret from a master secret (the key-signature secret, or the whole ALTCHA secret). */
export function deriveSecret(master: string, purpose: string): string {
  return createHmac('sha256', master).update(`gavel:${purpose}`).digest('hex');
}

/**
 * A new signed challenge `{parameters: {algorithm, nonce, salt, cost, keyLength, keyPrefix,
 * keySignature, expiresAt}, signature}`, the JSON the `altcha` widget fetches.
 * Deterministic mode: the solver must try about `counter` keys; the server checks the key
 * signature instead of re-deriving.
 */
export async function createAltchaChallenge(settings: AltchaSettings): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(settings.counterMax, Math.floor(settings.counterMax / 2)),
    deriveKey,
    expiresAt: new Date(Date.now() + settings.expiresSeconds * 1000),
    hmacSignatureSecret: settings.hmacSecret,
    hmacKeySignatureSecret: deriveSecret(settings.hmacSecret, 'altcha-key'),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string().min(8),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number().optional(),
      })
      .passthrough(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string(), time: z.number().optional() }),
});

/** Outcome of checking an ALTCHA payload (before the replay check). */
export type AltchaCheck = { ok: true; challengeId: string; expiresAt: number } | { ok: false; reason: 'malformed' | 'expired' | 'invalid' };

/**
 * Checks the widget's payload: base64 of JSON `{challenge, solution}` (STACK-NOTES.md).
 * Verifies the signature, the expiry and the solution; never throws.
 * `challengeId` is the challenge's nonce, the key of the replay store.
 */
export async function checkAltchaPayload(token: string, settings: AltchaSettings): Promise<AltchaCheck> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return { ok: false, reason: 'malformed' };
  const { challenge, solution } = parsed.data;
  try {
    const result = await verifySolution({
      challenge: challenge as Challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: settings.hmacSecret,
      hmacKeySignatureSecret: deriveSecret(settings.hmacSecret, 'altcha-key'),
    });
    if (result.expired) return { ok: false, reason: 'expired' };
    if (!result.verified) return { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const expiresAt = challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + settings.expiresSeconds;
  return { ok: true, challengeId: challenge.parameters.nonce, expiresAt };
}
