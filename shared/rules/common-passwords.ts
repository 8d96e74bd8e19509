import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused (the common-password list is ordered by frequency). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | null = null;

/**
 * Whether `password` is one of the {@link COMMON_PASSWORDS_REFUSED} most common passwords
 * (zxcvbn-ts's common-password list, compared without case). The spec's 4-character minimum is
 * checked separately. Source: issue 18 (common passwords refused at registration and change).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => String(p).toLowerCase()));
  return common.has(password.toLowerCase());
}
