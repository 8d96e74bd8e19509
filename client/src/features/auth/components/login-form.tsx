import { useState } from 'react';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconLock, IconMail } from '@tabler/icons-react';
import { useLogin, type LoginResult } from '../api/login';
import { readCookie, refreshCsrfCookie } from '../../../lib/api-client';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { useFormVerification } from '../hooks/use-form-verification';
import { loginFormErrors, type LoginValues } from '../utils/auth-rules';
import { VerificationAndStatus } from './form-status';

/** Success text of a sign-in. Source: spec/accounts-and-shell.md §2 "/login page". */
export const LOGIN_SUCCESS_TEXT = ACCOUNT_MESSAGES.loginSuccess;

interface LoginFormProps {
  /** 'modal' validates per field (§5 "Sign-in (modal)"); 'page' with one message (§5 "Sign-in page"). */
  variant: 'modal' | 'page';
  initialEmail?: string;
  /** A message shown above the form (e.g. after registration). */
  notice?: string | null;
  redirect?: string | null;
  /** Called after the server accepted the credentials. */
  onSuccess: (result: LoginResult) => void;
}

/**
 * Sign-in form: Email, Password (show/hide), Remember me, human verification, submit 'Sign in'
 * (disabled until a verification token exists). A `@mantine/form` form checked by the server's
 * `sessionLoginInputSchema` ({@link loginFormErrors}). Modal rules in order: email, password
 * (under their fields), verification, anti-forgery token (spec §5 "Sign-in (modal)"); page rule:
 * 'Please fill in all required fields.'. Every attempt uses up the token, so the widget verifies
 * again after one.
 */
export function LoginForm({ variant, initialEmail = '', notice, redirect, onSuccess }: LoginFormProps) {
  const form = useForm<LoginValues>({ initialValues: { email: initialEmail, password: '', remember: false } });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Busy from the call until the page moves on: a signed-in form stays as it is.
  const [busy, setBusy] = useState(false);
  const signIn = useLogin();
  const verification = useFormVerification();

  const submit = async ({ email, password, remember }: LoginValues) => {
    setError(null);
    const errs = loginFormErrors({ email, password });
    if (variant === 'page') {
      // The page shows one message for empty fields (spec §5 "Sign-in page"), the schema's text otherwise.
      if (errs.email === ACCOUNT_MESSAGES.emailRequired || errs.password === ACCOUNT_MESSAGES.passwordRequired) {
        setError(ACCOUNT_MESSAGES.loginPageRequired);
        return;
      }
      if (errs.email || errs.password) {
        setError(errs.email ?? errs.password ?? null);
        return;
      }
    } else {
      form.setErrors(errs);
      if (errs.email || errs.password) return;
    }
    if (!verification.token) {
      verification.require();
      setError(ACCOUNT_MESSAGES.captchaRequired);
      return;
    }
    if (!readCookie('XSRF-TOKEN')) await refreshCsrfCookie().catch(() => undefined);
    if (!readCookie('XSRF-TOKEN')) {
      setError(ACCOUNT_MESSAGES.securityTokenMissing);
      return;
    }
    setBusy(true);
    try {
      const result = await signIn.mutateAsync({ email, password, remember, redirect, captchaToken: verification.token });
      setSuccess(LOGIN_SUCCESS_TEXT);
      onSuccess(result);
    } catch (err) {
      setError(err instanceof Error ? err.message : ACCOUNT_MESSAGES.loginFailed);
      setBusy(false);
      verification.renew();
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => submit(values))} noValidate>
      <Stack gap="sm">
        {notice && !success && (
          <Alert color="green" icon={<IconCheck size={18} />} variant="light">
            {notice}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconMail size={16} />}
          {...form.getInputProps('email')}
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={16} />}
          {...form.getInputProps('password')}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
          {variant === 'page' && (
            <Anchor component={Link} to="/forgot-password" size="sm" data-testid="forgot-password-link">
              Forgot password?
            </Anchor>
          )}
        </Group>
        <VerificationAndStatus verification={verification} error={error} success={success} setError={setError} />
        <Button type="submit" loading={busy} disabled={!!success || !verification.token} fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
