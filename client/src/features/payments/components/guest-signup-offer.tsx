import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconUserPlus } from '@tabler/icons-react';
import { CHECKOUT_MESSAGES as M } from '@shared/messages/checkout';
import { notifyInfo } from '../../../lib/notify';
import { useRegisterGuest, type GuestSignup } from '../api/register-guest';
import { SignUpConsentLabel } from '../../../components/legal-links';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';

/** localStorage flag: the offer was answered (account created or skipped). */
export const SIGNUP_OFFER_DONE_KEY = 'gavel_signup_offer_done';
const MIN_PASSWORD = 4;

interface GuestSignupOfferProps {
  /** Prefill (the order's customer). */
  initial?: Partial<GuestSignup>;
  /** Renders the human-verification widget; it hands its token through `onToken`. */
  verificationSlot?: (onToken: (token: string | null) => void) => ReactNode;
  /** Whether a verification token is required before sending. */
  verificationRequired: boolean;
  /** Called after the account exists and the automatic sign-in ran. */
  onRegistered: () => void;
}

/**
 * The success page's invitation to create an account: Sign Up Now opens the form (first and last
 * name, phone, email, password twice, terms, marketing, verification); Skip for now marks it done
 * with a toast; success shows the account-created panel. Messages: 'Please fill in all required
 * fields and accept the terms.', 'Passwords do not match.', 'Password must be at least 4
 * characters long.', server message or 'Registration failed. Please try again.'.
 * Source: spec/shopping.md §3, §4 "Payment success page", §5, §8.
 */
export function GuestSignupOffer({ initial, verificationSlot, verificationRequired, onRegistered }: GuestSignupOfferProps) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<'created' | null>(null);
  const [form, setForm] = useState<GuestSignup>({
    firstName: initial?.firstName ?? '',
    lastName: initial?.lastName ?? '',
    phone: initial?.phone ?? '',
    email: initial?.email ?? '',
    password: '',
    passwordConfirmation: '',
    acceptTerms: false,
    acceptMarketing: false,
  });
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const registration = useRegisterGuest();
  const busy = registration.isPending;
  const [skipped, setSkipped] = useState(false);
  const set = (k: keyof GuestSignup) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.currentTarget.value });

  const markDone = () => {
    try {
      localStorage.setItem(SIGNUP_OFFER_DONE_KEY, '1');
    } catch {
      /* ignore */
    }
  };

  const submit = async () => {
    setError(null);
    const required = [form.firstName, form.lastName, form.phone, form.email, form.password, form.passwordConfirmation].every((v) => v.trim());
    if (!required || !form.acceptTerms) return setError(M.signupFillAll);
    if (form.password !== form.passwordConfirmation) return setError(M.signupPasswordsMismatch);
    if (form.password.length < MIN_PASSWORD) return setError(M.signupPasswordShort);
    if (verificationRequired && !token) return setError(M.signupVerification);
    try {
      await registration.mutateAsync({ form, verificationToken: token });
      markDone();
      setDone('created');
      onRegistered();
    } catch (e) {
      setError(e instanceof Error ? e.message : M.unexpected);
    }
  };

  if (skipped) return null;
  if (done === 'created') {
    return (
      <Paper withBorder radius="md" p="lg" data-testid="account-created">
        <Group gap="sm">
          <ThemeIcon color="green" variant="light" size={40} radius="xl">
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <div>
            <Title order={4}>Account created</Title>
            <Text size="sm" c="dimmed">
              You are signed in. Your orders, bids and watchlist are now in your profile.
            </Text>
          </div>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" className="no-print" data-testid="signup-offer" bg="gavel.0">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="gavel" variant="light" size={40} radius="xl">
            <IconUserPlus size={22} />
          </ThemeIcon>
          <div>
            <Title order={4}>Create an account</Title>
            <Text size="sm" c="dimmed">
              Track this order, bid on auctions and keep a watchlist.
            </Text>
          </div>
        </Group>
        {!open && (
          <Group gap="xs">
            <Button color="gavel" onClick={() => setOpen(true)} data-testid="signup-now">
              Sign Up Now
            </Button>
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                markDone();
                notifyInfo('You can create an account any time from the sign-in menu.', 'Skipped');
                setSkipped(true);
              }}
            >
              Skip for now
            </Button>
          </Group>
        )}
      </Group>
      {open && (
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="First name" withAsterisk value={form.firstName} onChange={set('firstName')} />
            <TextInput label="Last name" withAsterisk value={form.lastName} onChange={set('lastName')} />
            <TextInput label="Phone" withAsterisk value={form.phone} onChange={set('phone')} />
            <TextInput label="Email" withAsterisk type="email" value={form.email} onChange={set('email')} />
            <PasswordInput label="Password" withAsterisk value={form.password} onChange={set('password')} />
            <PasswordInput label="Confirm password" withAsterisk value={form.passwordConfirmation} onChange={set('passwordConfirmation')} />
          </SimpleGrid>
          <PasswordStrengthMeter password={form.password} />
          <Checkbox label={<SignUpConsentLabel />} checked={form.acceptTerms} onChange={(e) => setForm({ ...form, acceptTerms: e.currentTarget.checked })} />
          <Checkbox
            label="Send me news about upcoming auctions"
            checked={form.acceptMarketing}
            onChange={(e) => setForm({ ...form, acceptMarketing: e.currentTarget.checked })}
          />
          {verificationSlot?.(setToken)}
          {error && (
            <Alert color="red" variant="light" data-testid="signup-error">
              {error}
            </Alert>
          )}
          <Group>
            <Button color="gavel" loading={busy} onClick={() => void submit()}>
              Create Account
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
