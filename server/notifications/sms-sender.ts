/**
 * Where notification SMS go: a provider with Africa's Talking's messaging API, or, without one
 * (the embedded default), the outbox operators read at /admin/outbox. Source: issue 16 "SMS".
 */
export type SmsSender = { kind: 'provider'; send(to: string, message: string): Promise<string | null> } | { kind: 'outbox' };

/** The provider's settings. */
export interface SmsProviderSettings {
  url: string;
  username: string;
  apiKey: string;
  senderId?: string;
}

/** Provider statuses that mean the message was taken (Africa's Talking: 100 Processed, 101 Sent, 102 Queued). */
const ACCEPTED = new Set([100, 101, 102]);

/**
 * The sender for `settings` (null: the outbox). `send` posts `username, to, message[, from]` as a
 * form with the `apiKey` header and reads `SMSMessageData.Recipients[0]`.
 * @returns the provider's message id.
 * @throws Error with the provider's status for a refused message or an HTTP failure (the delivery is retried).
 */
export function createSmsSender(settings: SmsProviderSettings | null): SmsSender {
  if (!settings) return { kind: 'outbox' };
  return {
    kind: 'provider',
    send: async (to, message) => {
      const body = new URLSearchParams({ username: settings.username, to, message, ...(settings.senderId ? { from: settings.senderId } : {}) });
      const res = await fetch(settings.url, {
        method: 'POST',
        headers: { apiKey: settings.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}: ${text.slice(0, 200)}`);
      let recipient: { statusCode?: number; status?: string; messageId?: string } | undefined;
      try {
        recipient = (JSON.parse(text) as { SMSMessageData?: { Recipients?: (typeof recipient)[] } }).SMSMessageData?.Recipients?.[0];
      } catch {
        throw new Error(`SMS provider answered something other than JSON: ${text.slice(0, 200)}`);
      }
      if (!recipient || !ACCEPTED.has(Number(recipient.statusCode))) throw new Error(`SMS refused: ${recipient?.status ?? 'no recipient in the answer'}`);
      return recipient.messageId ?? null;
    },
  };
}
