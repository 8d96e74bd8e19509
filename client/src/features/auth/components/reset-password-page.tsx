import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { AuthPageFrame } from './auth-page-frame';

/**
 * /reset-password?token=…: the new password twice; on success the message and a link to sign in
 * (every other session was signed out). A used or expired link says so and offers a new one.
 * Source: issue 16 "Mail the product already promises".
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  const busy = reset.isPending;
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      setDone(await reset.mutateAsync({ token, password, password_confirmation: confirmation }));
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.errors : undefined;
      setErrors({
        token: fields?.token?.[0],
        password: fields?.password?.[0],
        password_confirmation: fields?.password_confirmation?.[0],
        form: fields ? undefined : err instanceof Error ? err.message : 'Something went wrong. Please try again.',
      });
    }
  };

  if (done) {
    return (
      <AuthPageFrame page="reset">
        <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="password-reset-done">
          {done}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Sign in
        </Button>
      </AuthPageFrame>
    );
  }
  const linkProblem = errors.token ?? (token.length < 20 ? 'This link is incomplete. Use the link in the e-mail as it is, or ask for a new one.' : undefined);
  return (
    <AuthPageFrame page="reset">
      {linkProblem && (
        <Alert color="red" data-testid="reset-link-invalid">
          {linkProblem}{' '}
          <Anchor component={Link} to="/forgot-password" fw={600}>
            Send a new link
          </Anchor>
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
          <PasswordInput
            label="Confirm the new password"
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.password_confirmation}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Button type="submit" loading={busy} disabled={token.length < 20} fullWidth size="md">
            Save the new password
          </Button>
        </Stack>
      </form>
    </AuthPageFrame>
  );
}
