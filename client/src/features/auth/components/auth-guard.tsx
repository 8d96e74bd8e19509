import { Button, Card, Center, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { openAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../hooks/use-session';

/**
 * Shows `children` when signed in. Otherwise a card titled 'Authentication Required' with
 * 'Please sign in to continue with this action.', Sign In and Create Account, and opens the
 * sign-in modal once (with `modalTitle` when given, e.g. the dashboard variant).
 * Source: spec/shopping.md §2 "Authentication guard", spec/accounts-and-shell.md §2.
 */
export function AuthGuard({ children, modalTitle }: { children: ReactNode; modalTitle?: string }) {
  const { status } = useSession();

  useEffect(() => {
    if (status === 'guest') openAuthModal('login', modalTitle);
  }, [status, modalTitle]);

  if (status === 'loading') {
    return (
      <Center py={80}>
        <Loader color="gavel" />
      </Center>
    );
  }
  if (status === 'authenticated') return <>{children}</>;
  return (
    <Center py={{ base: 40, sm: 80 }} px="md">
      <Card withBorder radius="lg" padding="xl" maw={440} w="100%" data-testid="auth-guard">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gavel">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} size="h3" ta="center">
            Authentication Required
          </Title>
          <Text c="dimmed" ta="center">
            Please sign in to continue with this action.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" w="100%">
            <Button onClick={() => openAuthModal('login', modalTitle)}>Sign In</Button>
            <Button variant="default" onClick={() => openAuthModal('register')}>
              Create Account
            </Button>
          </SimpleGrid>
        </Stack>
      </Card>
    </Center>
  );
}
