import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { formatMK } from '@shared/rules/money';
import type { LiveLot } from '@shared/schemas/live-sale.schema';
import { liveLotLabel as lotLabel } from '../../../components/live-bids-card';
import classes from './live-room.module.css';

/** "Next lots" (issue 15): the lots coming after the one on the block, as small cards (picture, lot number, name, starting amount). */
export function LiveNextLots({ lots }: { lots: LiveLot[] }) {
  if (lots.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Next lots
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 6 }} spacing="xs" verticalSpacing="xs">
        {lots.map((lot) => (
          <Card key={lot.id} withBorder radius="md" padding={6} data-testid="live-next-lot">
            {lot.picture ? (
              <img src={lot.picture} alt="" loading="lazy" className={classes.nextThumb} />
            ) : (
              <div className={classes.nextThumb} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <IconPhoto size={24} stroke={1.4} color="var(--mantine-color-gray-5)" />
              </div>
            )}
            <Text size="xs" c="dimmed" fw={700} mt={6}>
              {lotLabel(lot)}
            </Text>
            <Text size="sm" fw={600} lineClamp={2} lh={1.25}>
              {lot.name}
            </Text>
            <Text size="xs" c="dimmed">
              From {formatMK(lot.target_amount)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
