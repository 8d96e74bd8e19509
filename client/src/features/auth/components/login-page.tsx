import { useRef } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSetAtom } from 'jotai';
import { refreshSessionAtom } from '../atoms/session-atoms';
import { LoginForm } from './login-form';
import { peekAuthRedirect, safeRedirect, takeAuthRedirect } from '../../../lib/auth-redirect';

/**
 * The /login page: sign-in form, 'Login successful! Redirecting...', then the `redirect` query
 * value, else the stored redirect, else / after 1 s. Source: spec/accounts-and-shell.md §2 "/login page".
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refreshSession = useSetAtom(refreshSessionAtom);
  const redirect = safeRedirect(params.get('redirect') ?? peekAuthRedirect());
  const done = useRef(false);

  return (
    <Stack align="center" py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Sign in to Gavel</Title>
            <Text c="dimmed" size="sm">
              Bid on live and online auctions, and follow your watchlist.
            </Text>
          </Stack>
          <LoginForm
            variant="page"
            redirect={redirect}
            onSuccess={() => {
              if (done.current) return;
              done.current = true;
              takeAuthRedirect();
              void refreshSession({ reconnect: true });
              window.setTimeout(() => navigate(redirect, { replace: true }), 1000);
            }}
          />
          <Group justify="space-between">
            <Text size="sm">
              New here?{' '}
              <Anchor component={Link} to="/register" fw={600}>
                Create an account
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
