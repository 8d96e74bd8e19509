import { Badge, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconFlame, IconHistory, IconPhoto, IconTrendingUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DASHBOARD_MESSAGES } from '@shared/messages/dashboard';
import { isNewBid, NEW_BID_WINDOW_MS, positionBarPercent } from '@shared/rules/bidding';
import { formatMK } from '@shared/rules/money';
import { lotOutcome, notSoldText } from '@shared/rules/lot-outcome';
import { detailTimeLeft, isUrgent, URGENT_MS } from '@shared/rules/time-left';
import type { DashboardBid } from '@shared/schemas/dashboard.schema';
import { formatDateTimeGB } from '../../../lib/dates';
import { useNowAround, useServerNow } from '../../../lib/server-clock';

const STATUS = {
  winning: { label: 'Winning', color: 'green' },
  outbid: { label: 'Outbid', color: 'red' },
  won: { label: 'Won', color: 'gavel' },
  lost: { label: 'Lost', color: 'gray' },
} as const;

/** A bid card's time left ('Ended' once decided: `dateTo` null), ticking each second on the clock the cards share (issue 17). */
function BidCardTimeLeft({ dateTo, color }: { dateTo: string | null; color: string | undefined }) {
  const now = useServerNow(1000);
  return (
    <Text size="sm" fw={600} c={color} data-testid="bid-card-time-left" style={{ whiteSpace: 'nowrap' }}>
      {dateTo === null ? 'Ended' : detailTimeLeft(dateTo, now)}
    </Text>
  );
}

/**
 * A bid card (spec/accounts-and-shell.md §2 "Bid card", §4 "Bid dashboard bid position"):
 * Winning/Outbid (active) or Won/Lost (history), time left ('Xd Yh', 'Xh Ym', 'Ym', 'Ended',
 * 'No end date'), urgent marker (under 1 hour and not leading), New badge (a bid of the last
 * 5 minutes), your bid versus the current bid, the position bar (10–100 %), View Details,
 * History and Increase Bid (only when outbid and the auction has not ended). A lot that closed
 * unsold reads 'Not sold' with 'Reserve not met — not sold' to its top bidder and 'Ended — not
 * sold' to the others, its highest bid never in the winner's colour (issue "Bidding engine").
 */
export function BidCard({ bid, onHistory }: { bid: DashboardBid; onHistory: (bid: DashboardBid) => void }) {
  // The card's badges change only at the lot's close, an hour before it (urgent) and when its
  // last bid stops being new; its time left ticks on its own (BidCardTimeLeft).
  const close = bid.date_to ? Date.parse(bid.date_to) : Number.NaN;
  const now = useNowAround([close, close - URGENT_MS, Date.parse(bid.last_bid_at) + NEW_BID_WINDOW_MS].filter(Number.isFinite));
  const decided = bid.status === 'won' || bid.status === 'lost';
  const leading = bid.status === 'winning' || bid.status === 'won';
  const ended = decided || detailTimeLeft(bid.date_to, now) === 'Ended';
  const urgent = !decided && isUrgent(bid.date_to, leading, now);
  const fresh = isNewBid(bid.last_bid_at, now);
  const pct = positionBarPercent(bid.bid_amount, bid.current_bid);
  // Won only for the buyer (the server's status); an unsold lot is 'Not sold', never won.
  const notSold = decided ? notSoldText(lotOutcome(bid.item, bid.user_id, bid.bid_amount >= bid.current_bid && bid.current_bid > 0)) : null;
  const status = notSold ? { label: 'Not sold', color: 'gray' } : STATUS[bid.status];
  const href = `/item/${bid.item_id}`;

  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      h="100%"
      data-testid="bid-card"
      data-item-id={bid.item_id}
      data-status={bid.status}
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {bid.item.image ? (
          <Image src={bid.item.image} alt="" w={64} h={64} radius="md" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <Stack w={64} h={64} bg="gray.1" align="center" justify="center" c="gray.5" style={{ borderRadius: 8, flexShrink: 0 }}>
            <IconPhoto size={24} />
          </Stack>
        )}
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text component={Link} to={href} fw={650} size="sm" lineClamp={2} c="inherit" td="none" lh={1.3}>
            {bid.item.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {bid.auctionType.name}
            {bid.item.code ? ` · ${bid.item.code}` : ''}
          </Text>
        </Stack>
      </Group>

      <Group justify="space-between" gap={6} wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Badge color={status.color} variant={decided ? 'light' : 'filled'} data-testid="bid-card-status">
            {status.label}
          </Badge>
          {fresh && (
            <Badge color="gold" c="dark.9" variant="filled" data-testid="bid-card-new">
              New
            </Badge>
          )}
          {urgent && (
            <Tooltip label="Under 1 hour left and you are not leading" withArrow>
              <ThemeIcon size="sm" color="orange" variant="light" radius="xl" aria-label="Urgent" data-testid="bid-card-urgent">
                <IconFlame size={14} />
              </ThemeIcon>
            </Tooltip>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconClock size={14} color="var(--mantine-color-dimmed)" />
          <BidCardTimeLeft dateTo={decided ? null : bid.date_to} color={urgent ? 'orange.8' : ended ? 'dimmed' : undefined} />
        </Group>
      </Group>

      <SimpleGrid cols={2} spacing="xs">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Your bid
          </Text>
          <Text fw={800} fz={{ base: 14, sm: 15 }} data-testid="bid-card-your-bid" style={{ whiteSpace: 'nowrap' }}>
            {formatMK(bid.bid_amount)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {notSold ? 'Highest bid' : decided ? 'Final bid' : 'Current bid'}
          </Text>
          <Text
            fw={800}
            fz={{ base: 14, sm: 15 }}
            c={notSold ? 'gray.7' : leading ? 'gavel.8' : 'red.9'}
            data-testid="bid-card-current-bid"
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatMK(bid.current_bid)}
          </Text>
        </div>
      </SimpleGrid>

      {notSold && (
        <Text size="sm" fw={700} c="gray.8" data-testid="bid-card-outcome">
          {notSold}
        </Text>
      )}
      <Stack gap={4}>
        <Progress
          value={pct}
          color={notSold ? 'gray' : leading ? 'green' : 'red'}
          size="md"
          radius="xl"
          aria-label="Your bid as a share of the current bid"
          data-testid="bid-card-position"
        />
        <Text size="xs" c="dimmed">
          {bid.my_bid_count} {bid.my_bid_count === 1 ? 'bid' : 'bids'} by you · last {formatDateTimeGB(bid.last_bid_at)}
        </Text>
      </Stack>

      <Stack gap="xs" mt="auto">
        <SimpleGrid cols={2} spacing="xs">
          <Button component={Link} to={href} variant="default" size="xs">
            View Details
          </Button>
          <Button variant="light" size="xs" leftSection={<IconHistory size={14} />} onClick={() => onHistory(bid)}>
            History
          </Button>
        </SimpleGrid>
        {bid.status === 'outbid' && !ended && (
          <Button component={Link} to={`${href}#bid`} color="red" size="xs" leftSection={<IconTrendingUp size={14} />} data-testid="increase-bid">
            Increase Bid
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The card of a record missing required fields. Source: spec/accounts-and-shell.md §2. */
export function InvalidBidCard() {
  return (
    <Card withBorder radius="lg" padding="md" h="100%" data-testid="invalid-bid-card" bg="red.0">
      <Group gap="sm" wrap="nowrap">
        <IconAlertTriangle size={22} color="var(--mantine-color-red-7)" />
        <Text size="sm" c="red.8" fw={600}>
          {DASHBOARD_MESSAGES.invalidBidRecord}
        </Text>
      </Group>
    </Card>
  );
}

/** The note for records hidden because their item is missing (singular/plural). */
export function hiddenRecordsNote(n: number): string {
  return n === 1 ? '1 bid is hidden because its item is no longer available.' : `${n} bids are hidden because their items are no longer available.`;
}
