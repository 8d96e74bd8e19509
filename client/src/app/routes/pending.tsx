import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { AuthGuard } from '../../features/auth/components/auth-guard';

/**
 * Stand-in for a route whose page another issue delivers (cart, checkout, payment pages,
 * bid registration, bid dashboard): the route, its title and its guard already work.
 * `signInTitle` wraps it in the auth guard card (sign-in-required routes under /spa).
 */
export default function PendingRoute({ title, signInTitle }: { title: string; signInTitle?: string }) {
  usePageTitle(title);
  const body = (
    <Stack align="center" py={80} gap="md" data-testid="pending-page">
      <ThemeIcon size={72} radius="xl" variant="light" color="gavel">
        <IconHammer size={36} />
      </ThemeIcon>
      <Title order={1} ta="center">
        {title}
      </Title>
      <Text c="dimmed" ta="center" maw={420}>
        This page is on its way. Meanwhile, browse the current auctions.
      </Text>
      <Group>
        <Button component={Link} to="/">
          View current auctions
        </Button>
      </Group>
    </Stack>
  );
  return signInTitle ? <AuthGuard modalTitle={signInTitle}>{body}</AuthGuard> : body;
}
