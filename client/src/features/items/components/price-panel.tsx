import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Item } from '@shared/schemas/item.schema';
import { formatMK } from '@shared/rules/money';
import { BIDDING_MESSAGES } from '@shared/messages/bidding';
import { notSoldText, type LotOutcome } from '@shared/rules/lot-outcome';
import { detailTiming, itemKind } from '@shared/rules/item-status';
import { bidRefusal } from '@shared/rules/bid-refusal';
import { lotCountdown } from '@shared/rules/time-left';
import { formatDateTimeGB } from '../../../lib/dates';
import { useServerNow } from '../../../lib/server-clock';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={700} size="md" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The lot's countdown fact: 'Time left' to its close, or 'Opens in' to its opening, ticking each
 * second on the server's clock on its own, so the rest of the panel and page are not drawn again
 * every second (issue 17). `timing` is the page's {@link detailTiming} (its colour).
 */
function TimeLeft({ item, timing }: { item: Item; timing: ReturnType<typeof detailTiming> }) {
  const countdown = lotCountdown(item, useServerNow(1000));
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {countdown.label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <IconClock size={16} color={timing === 'Ending Soon' ? 'var(--mantine-color-gold-9)' : 'var(--mantine-color-dimmed)'} />
        <Text
          fw={700}
          c={countdown.phase === 'opens' ? 'blue.8' : timing === 'Ended' ? 'red.9' : timing === 'Ending Soon' ? 'gold.9' : undefined}
          data-testid="time-left"
        >
          {countdown.text}
        </Text>
      </Group>
    </div>
  );
}

/**
 * Current price panel: current bid (or starting price), the viewer's Winning/Outbid badge,
 * starting price, minimum next bid, bid count, time left (ticking; 'Opens in', counted to the
 * opening, while the lot has not started) and the opening and end dates (en-GB).
 * Source: spec/shopping.md §2 "Item detail" and §4 "Time left text"; the opening: issue 20.
 * 'Reserve met' / 'Reserve not met' while open (nothing without a reserve); once closed, Won
 * only for the buyer and an unsold lot's 'Reserve not met — not sold' / 'Ended — not sold',
 * never Winning: issue "Bidding engine".
 */
export function PricePanel({
  item,
  now,
  minNextBid,
  position,
  outcome = null,
}: {
  item: Item;
  now: Date;
  minNextBid: number;
  position: 'Winning' | 'Outbid' | null;
  /** How the closed lot ended for the viewer (shared rule lotOutcome); replaces Winning/Outbid once set. */
  outcome?: LotOutcome | null;
}) {
  const kind = itemKind(item);
  const hasBid = !!item.bid_amount && item.bid_amount > 0;
  const timing = detailTiming(item.date_to, now);
  // Before the opening the clock counts to date_from (the shared bid rule's 'not_started').
  const opensAt = lotCountdown(item, now).opensAt;
  // Once closed (sold, unsold, withdrawn or past its end: the bid rule's refusal) there is no
  // next bid: the price is the final one.
  const refusal = bidRefusal(item, now);
  const closed = refusal?.reason === 'closed' || refusal?.reason === 'ended';
  const started = !item.date_from || new Date(item.date_from).getTime() <= now.getTime();
  const notSold = notSoldText(outcome);
  const sold = outcome === 'won' || outcome === 'sold';
  const badge =
    outcome === 'won'
      ? { label: 'Won', color: 'green' }
      : outcome === 'sold'
        ? position
          ? { label: 'Lost', color: 'gray' }
          : null
        : notSold
          ? { label: 'Not sold', color: 'gray' }
          : position
            ? { label: position, color: position === 'Winning' ? 'green' : 'red' }
            : null;

  if (kind === 'cash') {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Price
        </Text>
        <Text fz={32} fw={800} c="gavel.8" lh={1.15} data-testid="current-price">
          {formatMK(item.target_amount)}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          Daily sale: buy now at a fixed price{item.quantity > 1 ? ` · ${item.quantity} available` : ''}.
        </Text>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {hasBid ? (notSold ? 'Highest Bid' : closed ? (sold || item.closed_by != null ? 'Winning Bid' : 'Final Bid') : 'Current Bid') : 'Starting Price'}
          </Text>
          <Text fz={{ base: 28, sm: 34 }} fw={800} c={notSold ? 'gray.7' : 'gavel.8'} lh={1.15} style={{ whiteSpace: 'nowrap' }} data-testid="current-price">
            {formatMK(hasBid ? item.bid_amount : item.target_amount)}
          </Text>
          {!closed && item.reserve_met !== null && (
            <Badge mt={6} variant="light" color={item.reserve_met ? 'teal' : 'orange'} data-testid="reserve-status">
              {item.reserve_met ? BIDDING_MESSAGES.reserveMet : BIDDING_MESSAGES.reserveNotMet}
            </Badge>
          )}
        </div>
        {badge && (
          <Badge size="lg" color={badge.color} variant={outcome ? 'light' : 'filled'} data-testid="bid-position">
            {badge.label}
          </Badge>
        )}
      </Group>
      {notSold && (
        <Text mt="xs" fw={700} c="gray.8" data-testid="lot-outcome">
          {notSold}
        </Text>
      )}
      <Divider my="md" />
      <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
        {hasBid ? <Fact label="Starting Price">{formatMK(item.target_amount)}</Fact> : <Fact label="Current Bid">No bids yet</Fact>}
        {closed ? (
          <Fact label="Status">{sold || item.closed_by != null || item.status === 'sold' ? 'Sold' : notSold ? 'Not sold' : 'Ended'}</Fact>
        ) : (
          <Fact label="Minimum Next Bid" testId="min-next-bid">
            {formatMK(minNextBid)}
          </Fact>
        )}
        <Fact label="Bids" testId="bid-count">
          {item.bid_count}
        </Fact>
        <TimeLeft item={item} timing={timing} />
      </SimpleGrid>
      {(item.date_to || opensAt) && (
        <Stack gap={0} mt="md">
          {opensAt && (
            <Text size="sm" c="blue.8" fw={700} data-testid="opens-at">
              Opens {formatDateTimeGB(opensAt)}
            </Text>
          )}
          {item.date_to && (
            <Text size="xs" c="dimmed">
              {timing === 'Ended' ? 'Ended' : 'Ends'} {formatDateTimeGB(item.date_to)}
            </Text>
          )}
          {item.date_from && started && (
            <Text size="xs" c="dimmed">
              Started {formatDateTimeGB(item.date_from)}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
