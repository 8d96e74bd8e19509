import { useState } from 'react';
import { useForm } from '@mantine/form';
import { Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useRegisterAccount } from '../api/register';
import { ACCOUNT_MESSAGES as M } from '@shared/messages/accounts';
import { firstRegistrationError, pageRegistrationError, registrationErrors, type RegisterValues } from '../utils/auth-rules';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { useFormVerification } from '../hooks/use-form-verification';
import { VerificationAndStatus } from './form-status';
import { SignUpConsentLabel } from '../../../components/legal-links';

const EMPTY: RegisterValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
  accept_terms: false,
  accept_marketing: false,
};

interface RegisterFormProps {
  /** 'modal' (ordered messages, marketing not sent) or 'page' (one message, all fields sent). */
  variant: 'modal' | 'page';
  /** Called after the account was created, with the submitted values. */
  onSuccess: (values: RegisterValues) => Promise<void> | void;
}

/**
 * Registration form: names, email, phone, password twice, terms and marketing consent; a
 * `@mantine/form` form checked by the shared `registrationFormSchema` (the server's registration
 * rules and the spec's texts). The modal reports the first failing rule in the spec's order, the
 * page one message; a refused registration shows the server's texts joined (spec §8).
 * Source: spec/accounts-and-shell.md §2, §5, §8.
 */
export function RegisterForm({ variant, onSuccess }: RegisterFormProps) {
  const form = useForm<RegisterValues>({ initialValues: EMPTY });
  const v = form.values;
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // Busy from the call until the caller's own sign-in step (`onSuccess`) is done.
  const [busy, setBusy] = useState(false);
  const registration = useRegisterAccount();
  const verification = useFormVerification();

  const ruleError = firstRegistrationError(v, verification.token);
  // Modal: disabled until every rule holds and a token exists (spec §5); page: until a token exists.
  const submitDisabled = variant === 'modal' ? ruleError !== null : !verification.token;
  const touched = form.isDirty();

  const submit = async () => {
    setError(null);
    if (variant === 'modal' && ruleError) {
      if (ruleError === M.captchaRequired) verification.require();
      setError(ruleError);
      return;
    }
    const pageError = variant === 'page' ? pageRegistrationError(v) : null;
    if (pageError) {
      setError(pageError);
      return;
    }
    if (!verification.token) {
      verification.require();
      setError(M.captchaRequired);
      return;
    }
    setBusy(true);
    try {
      const firstName = v.first_name.trim();
      const lastName = v.last_name.trim();
      await registration.mutateAsync({
        payload: {
          name: `${firstName} ${lastName}`,
          email: v.email.trim(),
          phone: v.phone.trim(),
          password: v.password,
          password_confirmation: v.password_confirmation,
          ...(variant === 'page' ? { accept_terms: v.accept_terms, accept_marketing: v.accept_marketing, start_session: true } : {}),
          'g-recaptcha-response': verification.token,
        },
        join: variant === 'modal' ? 'spaces' : 'commas',
        fallback: variant === 'modal' ? M.registrationFailedModal : M.registrationFailedPage,
      });
      if (variant === 'page') setSuccess('Account created! Signing you in...');
      await onSuccess(v);
    } catch (err) {
      setError(err instanceof Error ? err.message : M.unexpectedError);
      verification.renew();
    } finally {
      setBusy(false);
    }
  };

  // Under the password fields as they are typed: the schema's length and match texts.
  const fieldErrors = registrationErrors(v);

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First Name" autoComplete="given-name" {...form.getInputProps('first_name', { withError: false })} data-autofocus />
          <TextInput label="Last Name" autoComplete="family-name" {...form.getInputProps('last_name', { withError: false })} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...form.getInputProps('email', { withError: false })} />
        <TextInput label="Phone" type="tel" autoComplete="tel" placeholder="0888 123 456" {...form.getInputProps('phone', { withError: false })} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            {...form.getInputProps('password', { withError: false })}
            error={v.password ? fieldErrors.password : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            {...form.getInputProps('password_confirmation', { withError: false })}
            error={v.password_confirmation ? fieldErrors.password_confirmation : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the text' }}
          />
        </SimpleGrid>
        <PasswordStrengthMeter password={v.password} />
        <Group gap="xs">
          <Checkbox label={<SignUpConsentLabel />} {...form.getInputProps('accept_terms', { type: 'checkbox', withError: false })} />
          <Checkbox label="Send me news about upcoming auctions" {...form.getInputProps('accept_marketing', { type: 'checkbox', withError: false })} />
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
