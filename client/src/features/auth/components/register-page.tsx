import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useSetAtom } from 'jotai';
import { refreshSessionAtom } from '../atoms/session-atoms';
import { RegisterForm } from './register-form';

/**
 * The /register page: registration form; on success the browser is signed in (the server starts
 * a session with the account, remember false), then home after 1 s. Source: spec/accounts-and-shell.md §2 "/register page" and §4.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const refreshSession = useSetAtom(refreshSessionAtom);

  return (
    <Stack align="center" py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={620}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>Create your Gavel account</Title>
            <Text c="dimmed" size="sm">
              Register once to bid on online and live auctions across our branches.
            </Text>
          </Stack>
          <RegisterForm
            variant="page"
            onSuccess={async () => {
              // The server started the session with the account (start_session, remember false).
              await refreshSession({ reconnect: true });
              window.setTimeout(() => navigate('/', { replace: true }), 1000);
            }}
          />
          <Group justify="space-between">
            <Text size="sm">
              Already registered?{' '}
              <Anchor component={Link} to="/login" fw={600}>
                Sign in
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
