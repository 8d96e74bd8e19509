import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { isCommonPassword } from '@shared/rules/common-passwords';
import type { PasswordStrength } from './password-strength';

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** zxcvbn's estimate (score 0–4) and the server's common-password rule, for {@link PasswordStrength}. Loaded on demand (its dictionary is large). */
export function estimate(password: string): PasswordStrength {
  const common = isCommonPassword(password);
  const score = common ? 0 : (zxcvbn.check(password.slice(0, 100)).score as PasswordStrength['score']);
  return { score, common };
}
