import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAt, IconMailCheck } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthPageFrame } from './auth-page-frame';

/**
 * /forgot-password: the account's e-mail address; then the same message whether or not it has
 * an account (the link is mailed when it does). Source: issue 16 "Mail the product already promises".
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const busy = request.isPending;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      setSent(await request.mutateAsync({ email }));
    } catch (err) {
      setError(err instanceof ApiError ? (err.body?.errors?.email?.[0] ?? err.message) : 'Something went wrong. Please try again.');
    }
  };

  return (
    <AuthPageFrame page="forgot">
      {sent ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} data-testid="reset-link-sent">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              leftSection={<IconAt size={16} />}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <Button type="submit" loading={busy} fullWidth size="md">
              Send the link
            </Button>
          </Stack>
        </form>
      )}
    </AuthPageFrame>
  );
}
