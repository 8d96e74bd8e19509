import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMK } from '@shared/rules/money';
import type { LiveBid } from '@shared/schemas/live-sale.schema';
import { bidTime, bidderKindText, isOwnBid } from '../utils/live-room-display';
import classes from './live-room.module.css';

/**
 * The bids of the lot on the block, newest first (issue 15): amount, Room (with its paddle) or
 * Online, "Absentee" for a bid the engine placed for a maximum left before the sale, "You" for the
 * viewer's own, and the time. Bids in `fresh` (just arrived) are highlighted briefly.
 */
export function LiveBidStream({ bids, fresh, userId }: { bids: LiveBid[]; fresh: ReadonlySet<number>; userId: number | null }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Bids
        </Title>
        <Text size="xs" c="dimmed">
          Newest first
        </Text>
      </Group>
      {bids.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="live-no-bids">
          No bids on this lot yet.
        </Text>
      ) : (
        <Stack gap={2} className={classes.bidsScroll} aria-live="polite">
          {bids.map((bid) => (
            <Group
              key={bid.id}
              className={classes.bidRow}
              data-fresh={fresh.has(bid.id)}
              data-testid="live-bid-row"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
            >
              <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fw={700} style={{ flexShrink: 0 }}>
                  {formatMK(bid.amount)}
                </Text>
                <Text size="sm" truncate>
                  {bidderKindText(bid)}
                </Text>
                {bid.automatic && (
                  <Badge size="xs" variant="outline" color="grape" style={{ flexShrink: 0 }}>
                    Absentee
                  </Badge>
                )}
                {isOwnBid(bid, userId) && (
                  <Badge size="xs" variant="light" color="gavel" style={{ flexShrink: 0 }}>
                    You
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {bidTime(bid.created_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
