import type { ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The words and width of each page's card. Source: spec/accounts-and-shell.md §2 "/login page", "/register page". */
const AUTH_PAGES = {
  login: {
    title: 'Sign in to Gavel',
    subtitle: 'Bid on live and online auctions, and follow your watchlist.',
    maxWidth: 440,
    switchTo: { prompt: 'New here?', to: '/register', label: 'Create an account' },
  },
  register: {
    title: 'Create your Gavel account',
    subtitle: 'Register once to bid on online and live auctions across our branches.',
    // Wider: the registration form puts its fields in two columns.
    maxWidth: 620,
    switchTo: { prompt: 'Already registered?', to: '/login', label: 'Sign in' },
  },
  forgot: {
    title: 'Forgot your password?',
    subtitle: 'Enter the e-mail address of your account. We send it a link to choose a new password.',
    maxWidth: 440,
    switchTo: { prompt: 'Remembered it?', to: '/login', label: 'Sign in' },
  },
  reset: {
    title: 'Choose a new password',
    subtitle: 'At least 4 characters; a phrase of a few words is easy to remember and hard to guess.',
    maxWidth: 440,
    switchTo: { prompt: 'Remembered it?', to: '/login', label: 'Sign in' },
  },
} as const;

/**
 * The card of the /login or /register `page`: its title and subtitle, `children` (the form), then
 * the link to the other page and 'Back to home'. Source: spec/accounts-and-shell.md §2 "/login page", "/register page".
 */
export function AuthPageFrame({ page, children }: { page: keyof typeof AUTH_PAGES; children: ReactNode }) {
  const { title, subtitle, maxWidth, switchTo } = AUTH_PAGES[page];
  return (
    <Stack align="center" py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={maxWidth}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          </Stack>
          {children}
          <Group justify="space-between">
            <Text size="sm">
              {switchTo.prompt}{' '}
              <Anchor component={Link} to={switchTo.to} fw={600}>
                {switchTo.label}
              </Anchor>
            </Text>
            <Anchor component={Link} to="/" size="sm">
              Back to home
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
