import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@shared/messages/accounts';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSubscribeToNewsletter } from '../api/subscribe';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Footer newsletter form: 'Stay updated', 'Enter your email', 'Subscribe'; the email is
 * required and must be an email. Source: spec/shopping.md §2 "Footer variants", §5 "Newsletter".
 */
export function NewsletterForm({ dark = true }: { dark?: boolean }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const busy = subscribe.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setError('Email address is required.');
    if (!EMAIL.test(value)) return setError('Please enter a valid email address');
    setError(null);
    try {
      notifySuccess(await subscribe.mutateAsync({ email: value, source: window.location.pathname }));
      setEmail('');
    } catch (err) {
      const text = err instanceof ApiError ? fieldMessages(err.body).join(' ') || err.message : 'Subscription failed. Please try again.';
      if (err instanceof ApiError && err.status === 422) setError(text);
      else notifyError(text);
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="newsletter-form">
      <Stack gap={6}>
        <Text fw={700} size="sm" tt="uppercase" lts={1} c={dark ? 'white' : 'dark'}>
          {ACCOUNT_MESSAGES.newsletterTitle}
        </Text>
        <Text size="xs" c={dark ? 'gray.4' : 'dimmed'}>
          New lots, auction dates and results, once a week.
        </Text>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <TextInput
            type="email"
            aria-label="Newsletter sign-up address"
            placeholder={ACCOUNT_MESSAGES.newsletterPlaceholder}
            leftSection={<IconMail size={16} />}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: 1 }}
            styles={dark ? { error: { color: '#ffa8a8' } } : undefined}
          />
          <Button type="submit" color="gold" c="dark.9" loading={busy}>
            {ACCOUNT_MESSAGES.newsletterButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
