import { Badge, Group, Text } from '@mantine/core';
import { formatMK } from '@shared/rules/money';
import type { LiveBid } from '@shared/schemas/live-sale.schema';
import { LiveBidsCard } from '../../../components/live-bids-card';
import { bidderKindText, isOwnBid } from '../utils/live-room-display';

/**
 * The bids of the lot on the block, newest first (issue 15): amount, Room (with its paddle) or
 * Online, "Absentee" for a bid the engine placed for a maximum left before the sale, "You" for the
 * viewer's own, and the time. Bids in `fresh` (just arrived) are highlighted briefly.
 */
export function LiveBidStream({ bids, fresh, userId }: { bids: LiveBid[]; fresh: ReadonlySet<number>; userId: number | null }) {
  return (
    <LiveBidsCard bids={bids} fresh={fresh} emphasis="fade" rowTestId="live-bid-row" emptyTestId="live-no-bids">
      {(bid) => (
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
      )}
    </LiveBidsCard>
  );
}
