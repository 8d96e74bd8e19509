import { Button, Card, Center, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { openAuthModal } from '../lib/auth-modal';

/**
 * The signed-out card: a lock, `title`, `message`, and Sign In / Create Account buttons that
 * open the sign-in modal (Sign In with `modalTitle` when given). Used by the auth guard and the
 * signed-out profile. Source: spec/shopping.md §2 "Authentication guard", spec/accounts-and-shell.md §2.
 */
export function SignInCard({ title, message, modalTitle, testId }: { title: string; message: string; modalTitle?: string; testId: string }) {
  return (
    <Center py={{ base: 40, sm: 80 }} px="md">
      <Card withBorder radius="lg" padding="xl" maw={460} w="100%" data-testid={testId}>
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="gavel">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={2} size="h3" ta="center">
            {title}
          </Title>
          <Text c="dimmed" ta="center">
            {message}
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
