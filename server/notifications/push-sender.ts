import type { Agent } from 'node:https';
import webpush from 'web-push';

/** A browser's push subscription as the Push API gives it (endpoint and keys, base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What one push attempt came to: delivered, gone (the subscription is dead: delete it), or failed (retry). */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; error: string };

/**
 * Sends web push notifications with the standard protocol (VAPID-signed, payload encrypted
 * aes128gcm) through `web-push`. Source: issue 16 "Web push".
 */
export interface PushSender {
  /** The public VAPID key browsers subscribe with (base64url). */
  readonly publicKey: string;
  /** Sends `payload` (JSON) to one subscription; a push service's 404/410 means gone. */
  send(target: PushTarget, payload: { title: string; body: string; url: string }): Promise<PushOutcome>;
}

/**
 * A sender with these VAPID keys and subject (`mailto:` or `https:`). Push services are HTTPS;
 * `agent` (optional) is the HTTPS agent to reach them with (a proxy, or a private CA).
 */
export function createPushSender(keys: { publicKey: string; privateKey: string }, subject: string, agent?: Agent): PushSender {
  return {
    publicKey: keys.publicKey,
    send: async (target, payload) => {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 6 * 3600,
          urgency: 'high',
          timeout: 15_000,
          ...(agent ? { agent } : {}),
        });
        return { ok: true };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        const message = err instanceof Error ? err.message : String(err);
        return { ok: false, gone: status === 404 || status === 410, error: status ? `push service answered ${status}: ${message}` : message };
      }
    },
  };
}

/** A fresh VAPID key pair (base64url). */
export function generatePushKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
