/** How strong a password is: zxcvbn's score (0 very weak … 4 strong) and whether the server refuses it as too common. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  common: boolean;
}

/**
 * Estimates a password's strength. The estimator and its dictionary load on first use (a
 * separate chunk), so forms stay light until someone types a password. Source: issue 18.
 */
export async function estimatePasswordStrength(password: string): Promise<PasswordStrength> {
  const engine = await import('./password-strength-engine');
  return engine.estimate(password);
}
