import { useEffect, useState } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { estimatePasswordStrength, type PasswordStrength } from '../lib/password-strength';

/** Labels and colours of the five scores. */
const LEVELS = [
  { label: 'Very weak', color: 'red' },
  { label: 'Weak', color: 'orange' },
  { label: 'Fair', color: 'yellow' },
  { label: 'Good', color: 'teal' },
  { label: 'Strong', color: 'green' },
] as const;

/**
 * A strength meter under a new-password field: five segments and a word (Very weak … Strong),
 * and the server's refusal text when the password is one of the most common. Nothing while the
 * field is empty. Source: issue 18 (a strength meter on registration and password change).
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  useEffect(() => {
    if (!password) {
      setStrength(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void estimatePasswordStrength(password).then((s) => {
        if (current) setStrength(s);
      });
    }, 120);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [password]);
  if (!password || !strength) return null;
  const level = LEVELS[strength.score];
  return (
    <Stack gap={4} data-testid="password-strength" aria-live="polite">
      <Group gap={4} grow>
        {LEVELS.map((_, i) => (
          <Progress key={i} size={6} value={i <= strength.score ? 100 : 0} color={level.color} aria-hidden />
        ))}
      </Group>
      <Text size="xs" c={strength.common ? 'red' : 'dimmed'} data-testid="password-strength-text">
        {strength.common ? ACCOUNT_MESSAGES.passwordTooCommon : `Password strength: ${level.label}`}
      </Text>
    </Stack>
  );
}
