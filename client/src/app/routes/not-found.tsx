import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** Fallback for unknown paths. Title 'Page Not Found | Gavel'. */
export default function NotFoundRoute() {
  usePageTitle('Page Not Found');
  return (
    <Stack align="center" py={80} gap="md" data-testid="not-found">
      <ThemeIcon size={80} radius="xl" variant="light" color="gavel">
        <IconGavel size={40} />
      </ThemeIcon>
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed" ta="center" maw={420}>
        The page you are looking for has been sold, moved or never existed.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go to home
        </Button>
        <Button component={Link} to="/auctions" variant="default">
          Browse auctions
        </Button>
      </Group>
    </Stack>
  );
}
