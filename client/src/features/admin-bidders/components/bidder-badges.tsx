import { Badge, Group } from '@mantine/core';
import { formatMK } from '@shared/rules/money';
import type { BidderSummary } from '@shared/schemas/bidder.schema';

/** A bidder's state at a glance: Admin, Blocked, and their spending limit when they have one. */
export function BidderBadges({ bidder }: { bidder: Pick<BidderSummary, 'roles' | 'blocked_at' | 'bid_limit'> }) {
  return (
    <Group gap={6} wrap="wrap">
      {bidder.roles.includes('admin') && (
        <Badge color="grape" variant="light" data-testid="badge-admin">
          Admin
        </Badge>
      )}
      {bidder.blocked_at && (
        <Badge color="red" variant="filled" data-testid="badge-blocked">
          Blocked
        </Badge>
      )}
      {bidder.bid_limit != null && (
        <Badge color="orange" variant="light" style={{ overflow: 'visible' }}>
          Limit {formatMK(bidder.bid_limit)}
        </Badge>
      )}
    </Group>
  );
}
