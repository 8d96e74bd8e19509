import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconCheck, IconLock, IconMail } from '@tabler/icons-react';
import { login, type LoginResult } from '../api/login';
import { readCookie, refreshCsrfCookie } from '../../../lib/api-client';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { useFormVerification } from '../hooks/use-form-verification';
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
 * (disabled until a verification token exists). Modal rules in order: email, password,
 * verification, anti-forgery token (spec §5 "Sign-in (modal)"); page rule: 'Please fill in all
 * required fields.'. Every attempt uses up the token, so the widget verifies again after one.
 */
export function LoginForm({ variant, initialEmail = '', notice, redirect, onSuccess }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verification = useFormVerification();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (variant === 'page') {
      if (!email.trim() || !password) {
        setError(ACCOUNT_MESSAGES.loginPageRequired);
        return;
      }
    } else {
      const errs: { email?: string; password?: string } = {};
      if (!email.trim()) errs.email = ACCOUNT_MESSAGES.emailRequired;
      if (!password) errs.password = ACCOUNT_MESSAGES.passwordRequired;
      setFieldErrors(errs);
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
      const result = await login({ email, password, remember, redirect, captchaToken: verification.token });
      setSuccess(LOGIN_SUCCESS_TEXT);
      onSuccess(result);
    } catch (err) {
      setError(err instanceof Error ? err.message : ACCOUNT_MESSAGES.loginFailed);
      setBusy(false);
      verification.renew();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
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
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldErrors.email}
          data-autofocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={16} />}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
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
