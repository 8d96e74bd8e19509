import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { registerAccount } from '../api/register';
import { HUMAN_VERIFICATION_REQUIRED, HumanVerificationSlot } from './human-verification-slot';

/** Values of the registration form. */
export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
  acceptMarketing: boolean;
}

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

/**
 * First failing rule of the modal's registration form, checked in the spec's order, or null.
 * Source: spec/accounts-and-shell.md §5 "Registration (modal), checked in this order".
 */
export function firstRegistrationError(v: RegisterValues, captchaToken: string | null): string | null {
  if (!v.firstName.trim()) return 'First name is required.';
  if (!v.lastName.trim()) return 'Last name is required.';
  if (!v.email.trim()) return 'Email address is required.';
  if (!v.phone.trim()) return 'Phone number is required.';
  if (!v.password) return 'Password is required.';
  if (v.password.length < 4) return 'Password must be at least 4 characters long.';
  if (v.password !== v.passwordConfirmation) return 'Passwords do not match.';
  if (!v.acceptTerms) return 'You must accept the terms and conditions.';
  if (HUMAN_VERIFICATION_REQUIRED && !captchaToken) return 'Please complete the reCAPTCHA verification.';
  return null;
}

/** Page rule: all fields, 4+ character password, matching confirmation, terms. Source: §5 "Registration page". */
function pageValid(v: RegisterValues): boolean {
  return (
    !!v.firstName.trim() &&
    !!v.lastName.trim() &&
    !!v.email.trim() &&
    !!v.phone.trim() &&
    v.password.length >= 4 &&
    v.password === v.passwordConfirmation &&
    v.acceptTerms
  );
}

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
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const set = <K extends keyof RegisterValues>(k: K, value: RegisterValues[K]) => setV((p) => ({ ...p, [k]: value }));

  const ruleError = firstRegistrationError(v, captchaToken);
  const submitDisabled = variant === 'modal' ? ruleError !== null : false;
  const touched = v !== EMPTY;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (variant === 'modal' && ruleError) {
      setError(ruleError);
      return;
    }
    if (variant === 'page' && !pageValid(v)) {
      setError('Please fill in all required fields and ensure passwords match.');
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
          ...(variant === 'page' ? { accept_terms: v.acceptTerms, accept_marketing: v.acceptMarketing } : {}),
          'g-recaptcha-response': captchaToken,
        },
        variant === 'modal' ? 'spaces' : 'commas',
        variant === 'modal' ? 'Registration failed. Please try again.' : 'Registration failed.',
      );
      if (variant === 'page') setSuccess('Account created! Signing you in...');
      await onSuccess(v);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'An unexpected error occurred. Please try again.');
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
          <TextInput label="First Name" autoComplete="given-name" value={v.firstName} onChange={(e) => set('firstName', e.currentTarget.value)} data-autofocus />
          <TextInput label="Last Name" autoComplete="family-name" value={v.lastName} onChange={(e) => set('lastName', e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" value={v.email} onChange={(e) => set('email', e.currentTarget.value)} />
        <TextInput label="Phone" type="tel" autoComplete="tel" placeholder="0888 123 456" value={v.phone} onChange={(e) => set('phone', e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            value={v.password}
            onChange={(e) => set('password', e.currentTarget.value)}
            error={tooShort ? 'Password must be at least 4 characters long.' : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            value={v.passwordConfirmation}
            onChange={(e) => set('passwordConfirmation', e.currentTarget.value)}
            error={mismatch ? 'Passwords do not match.' : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
        </SimpleGrid>
        <Group gap="xs">
          <Checkbox label="I accept the terms and conditions" checked={v.acceptTerms} onChange={(e) => set('acceptTerms', e.currentTarget.checked)} />
          <Checkbox label="Send me news about upcoming auctions" checked={v.acceptMarketing} onChange={(e) => set('acceptMarketing', e.currentTarget.checked)} />
        </Group>
        <HumanVerificationSlot onToken={setCaptchaToken} />
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" role="alert">
            {error}
          </Alert>
        )}
        {success && (
          <Alert color="green" icon={<IconCheck size={18} />} variant="light" role="status">
            {success}
          </Alert>
        )}
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
