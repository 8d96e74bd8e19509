import { Badge, Group, Text } from '@mantine/core';
import { formatMK } from '@shared/rules/money';
import type { LiveBid } from '@shared/schemas/live-sale.schema';
import { LiveBidsCard } from '../../../components/live-bids-card';
import { bidderText } from '../utils/console-display';

/**
 * The bids of the lot on the block, newest first (issue 15): amount, Room/paddle or Online/name,
 * "Absentee" for a bid the engine placed for a maximum left before the sale, and the time. Bids in
 * `fresh` (online bids that just arrived) stay highlighted and say so.
 */
export function ConsoleBidStream({ bids, fresh }: { bids: LiveBid[]; fresh: ReadonlySet<number> }) {
  return (
    <LiveBidsCard bids={bids} fresh={fresh} emphasis="hold" rowTestId="console-bid-row">
      {(bid) => (
        <>
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
        </>
      )}
    </LiveBidsCard>
  );
}
