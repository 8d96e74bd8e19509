import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMK } from '@shared/rules/money';
import type { LiveBid } from '@shared/schemas/live-sale.schema';
import { bidTime, bidderText } from '../utils/console-display';
import classes from './live-console.module.css';

/**
 * The bids of the lot on the block, newest first (issue 15): amount, Room/paddle or Online/name,
 * "Absentee" for a bid the engine placed for a maximum left before the sale, and the time. Bids in
 * `fresh` (online bids that just arrived) are highlighted.
 */
export function ConsoleBidStream({ bids, fresh }: { bids: LiveBid[]; fresh: ReadonlySet<number> }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Bids
        </Title>
        <Text size="xs" c="dimmed">
          Newest first
        </Text>
      </Group>
      <div className={classes.bidsScroll}>
        {bids.length === 0 ? (
          <Text size="sm" c="dimmed">
            No bids on this lot yet.
          </Text>
        ) : (
          <Stack gap={2} aria-live="polite">
            {bids.map((bid) => (
              <Group
                key={bid.id}
                className={classes.bidRow}
                data-fresh={fresh.has(bid.id)}
                data-testid="console-bid-row"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                align="flex-start"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700}>{formatMK(bid.amount)}</Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm">{bidderText(bid)}</Text>
                    {bid.automatic && (
                      <Badge size="xs" variant="outline" color="grape">
                        Absentee
                      </Badge>
                    )}
                    {fresh.has(bid.id) && (
                      <Badge size="xs" color="yellow.7" variant="filled">
                        New online bid
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {bidTime(bid.created_at)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Card>
  );
}
