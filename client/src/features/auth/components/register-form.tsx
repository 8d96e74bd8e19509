import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { registerAccount } from '../api/register';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { firstRegistrationError, pageValid, type RegisterValues } from '../utils/auth-rules';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { useFormVerification } from '../hooks/use-form-verification';
import { VerificationAndStatus } from './form-status';
import { SignUpConsentLabel } from '../../../components/legal-links';

const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
  acceptMarketing: false,
};

interface RegisterFormProps {
  /** 'modal' (ordered messages, marketing not sent) or 'page' (one message, all fields sent). */
  variant: 'modal' | 'page';
  /** Called after the account was created, with the submitted values. */
  onSuccess: (values: RegisterValues) => Promise<void> | void;
}

/** Registration form: names, email, phone, password twice, terms and marketing consent. */
export function RegisterForm({ variant, onSuccess }: RegisterFormProps) {
  const [v, setV] = useState<RegisterValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verification = useFormVerification();
  const set = <K extends keyof RegisterValues>(k: K, value: RegisterValues[K]) => setV((p) => ({ ...p, [k]: value }));

  const ruleError = firstRegistrationError(v, verification.token);
  // Modal: disabled until every rule holds and a token exists (spec §5); page: until a token exists.
  const submitDisabled = variant === 'modal' ? ruleError !== null : !verification.token;
  const touched = v !== EMPTY;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (variant === 'modal' && ruleError) {
      if (ruleError === M.captchaRequired) verification.require();
      setError(ruleError);
      return;
    }
    if (variant === 'page' && !pageValid(v)) {
      setError(M.registerPageInvalid);
      return;
    }
    if (!verification.token) {
      verification.require();
      setError(M.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      const firstName = v.firstName.trim();
      const lastName = v.lastName.trim();
      await registerAccount(
        {
          name: `${firstName} ${lastName}`,
          email: v.email.trim(),
          phone: v.phone.trim(),
          password: v.password,
          password_confirmation: v.passwordConfirmation,
          ...(variant === 'page' ? { accept_terms: v.acceptTerms, accept_marketing: v.acceptMarketing, start_session: true } : {}),
          'g-recaptcha-response': verification.token,
        },
        variant === 'modal' ? 'spaces' : 'commas',
        variant === 'modal' ? M.registrationFailedModal : M.registrationFailedPage,
      );
      if (variant === 'page') setSuccess('Account created! Signing you in...');
      await onSuccess(v);
    } catch (err) {
      setError(err instanceof Error ? err.message : M.unexpectedError);
      verification.renew();
    } finally {
      setBusy(false);
    }
  };

  const mismatch = v.passwordConfirmation.length > 0 && v.password !== v.passwordConfirmation;
  const tooShort = v.password.length > 0 && v.password.length < 4;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            value={v.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value)}
            data-autofocus
          />
          <TextInput label="Last Name" autoComplete="family-name" value={v.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={v.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="0888 123 456"
          value={v.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={v.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={tooShort ? M.passwordTooShort : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={v.passwordConfirmation}
            onChange={(e) => set('passwordConfirmation', e.currentTarget.value)}
            error={mismatch ? M.passwordsDoNotMatch : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
        </SimpleGrid>
        <PasswordStrengthMeter password={v.password} />
        <Group gap="xs">
          <Checkbox label={<SignUpConsentLabel />} checked={v.acceptTerms} onChange={(e) => set('acceptTerms', e.currentTarget.checked)} />
          <Checkbox
            label="Send me news about upcoming auctions"
            checked={v.acceptMarketing}
            onChange={(e) => set('acceptMarketing', e.currentTarget.checked)}
          />
        </Group>
        <VerificationAndStatus verification={verification} error={error} success={success} setError={setError} />
        <Button type="submit" loading={busy} disabled={submitDisabled || !!success} fullWidth size="md">
          Create Account
        </Button>
        {variant === 'modal' && touched && ruleError && !error && (
          <Text size="xs" c="dimmed" ta="center" data-testid="register-hint">
            {ruleError}
          </Text>
        )}
      </Stack>
    </form>
  );
}
