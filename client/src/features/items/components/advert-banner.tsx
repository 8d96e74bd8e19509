import { Anchor, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useServerNow } from '../../../lib/server-clock';
import type { Advert } from '../api/get-adverts';

function countdown(dateTo: string | null, now: Date): string | null {
  if (!dateTo) return null;
  const left = Math.max(0, new Date(dateTo).getTime() - now.getTime());
  if (!Number.isFinite(left)) return null;
  const s = Math.floor(left / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d}d ${String(h).padStart(2, '0')}h ${String(m).padStart(2, '0')}m ${String(s % 60).padStart(2, '0')}s`;
}

/**
 * Adverts area: each shown advert as a banner with a countdown (ticking each second, zero once
 * past) linking to the bid-registration page. Source: spec/accounts-and-shell.md §4 "Banner countdown".
 */
export function AdvertBanner({ adverts }: { adverts: Advert[] }) {
  const now = useServerNow(1000);
  return (
    <Stack gap="md" data-testid="adverts">
      {adverts.map((a) => (
        <Anchor key={a.id} href="/register-bid" underline="never" c="inherit">
          <Paper radius="lg" withBorder style={{ overflow: 'hidden' }}>
            <Group wrap="nowrap" gap={0} align="stretch">
              {a.image && (
                <Box w={{ base: 120, sm: 320 }} style={{ flexShrink: 0 }}>
                  <Image src={a.image} alt="" h="100%" fit="cover" />
                </Box>
              )}
              <Stack p="lg" gap={6} justify="center" bg="gavel.9" c="white" style={{ flex: 1 }}>
                <Text fw={700} size="lg">
                  {a.description || 'Upcoming auction'}
                </Text>
                {countdown(a.date_to, now) && (
                  <Text ff="monospace" c="gold.4" fw={700}>
                    {countdown(a.date_to, now)}
                  </Text>
                )}
                <Text size="sm" c="gray.3">
                  Register to bid →
                </Text>
              </Stack>
            </Group>
          </Paper>
        </Anchor>
      ))}
    </Stack>
  );
}
