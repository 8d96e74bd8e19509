/** Characters of the GSM 03.38 default alphabet (one SMS of 160 only when every character is in it). */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'.split(''),
);
const REPLACEMENTS: Record<string, string> = { '…': '...', '’': "'", '‘': "'", '“': '"', '”': '"', '–': '-', '—': '-', '·': '-', '×': 'x', '\u00a0': ' ' };

/** Longest text of one SMS in the GSM 7-bit alphabet. */
export const SMS_LENGTH = 160;

/**
 * Text made to fit one SMS: characters outside the GSM 7-bit alphabet replaced by their nearest
 * (…→..., curly quotes → straight, others → ?), then cut to 160 characters, ending "..." when cut.
 * Source: issue 16 "Messages fit one SMS (160 GSM-7 characters)".
 */
export function toSingleSms(text: string): string {
  const plain = [...text].map((c) => (GSM7.has(c) ? c : (REPLACEMENTS[c] ?? '?'))).join('');
  return plain.length <= SMS_LENGTH ? plain : `${plain.slice(0, SMS_LENGTH - 3).trimEnd()}...`;
}

/**
 * A Malawian mobile number (nine digits after 265) in E.164, or null when it is not one (a
 * landline cannot take an SMS): `0888 123 456`, `265888123456` and `+265 888 123 456` all give
 * `+265888123456`. Source: issue 16 "SMS" (`to` in E.164 `+265…`).
 */
export function malawiE164(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[\s().-]/g, '');
  if (/^\+265[1-9]\d{8}$/.test(digits)) return digits;
  if (/^265[1-9]\d{8}$/.test(digits)) return `+${digits}`;
  if (/^0[1-9]\d{8}$/.test(digits)) return `+265${digits.slice(1)}`;
  return null;
}
