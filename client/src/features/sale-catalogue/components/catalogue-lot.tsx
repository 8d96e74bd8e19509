import { memo } from 'react';
import { useDataSaver } from '../../../lib/data-saver';
import { useNowAround, useServerNow } from '../../../lib/server-clock';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconGavel, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { bidRefusal } from '@shared/rules/bid-refusal';
import { standingChanges } from '@shared/rules/item-status';
import { lotOutcome, notSoldText } from '@shared/rules/lot-outcome';
import { formatMK } from '@shared/rules/money';
import { lotCountdown } from '@shared/rules/time-left';
import type { Item } from '@shared/schemas/item.schema';
import { pictureSource } from '../../../lib/picture-srcset';
import { Picture } from '../../../components/picture';
import classes from './catalogue-lot.module.css';

// Built once: each lot's close time is drawn again every second while the catalogue counts down.
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** A lot's end as bidders read it in a catalogue: `14:01:30` today, else `5 Dec, 14:01:30` (en-GB). */
function closeTimeText(iso: string | null, now: Date): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = CLOCK.format(d);
  return d.toDateString() === now.toDateString() ? time : `${DAY.format(d)}, ${time}`;
}

/** Where the lot stands at `now`: open (and how long left), not yet open, ended waiting for its close, sold or not sold. */
function standing(lot: Item, now: Date): { label: string; color: string; open: boolean } {
  const outcome = lotOutcome(lot, null, false);
  if (outcome === 'sold' || outcome === 'won') return { label: 'Sold', color: 'green', open: false };
  const notSold = notSoldText(outcome);
  if (notSold) return { label: lot.status === 'withdrawn' ? 'Withdrawn' : notSold, color: 'gray', open: false };
  const refusal = bidRefusal(lot, now);
  if (refusal?.reason === 'not_started') return { label: 'Not open yet', color: 'blue', open: false };
  if (refusal) return { label: 'Closing', color: 'orange', open: false };
  return { label: 'Open', color: 'gavel', open: true };
}

/**
 * One lot of a sale's catalogue: its number, picture, name (to its page), live price and bids,
 * where it stands, and the countdown to its own close (seconds in the last 10 minutes) with the
 * time it closes. Drawn again when the lot changes or its standing can; the countdown ticks on its
 * own. Source: issue 13 "Sales" (countdown to each lot's own close).
 */
export const CatalogueLot = memo(function CatalogueLot({ lot }: { lot: Item }) {
  // Its standing changes only at its opening and close; the countdown ticks apart (LotClock).
  const now = useNowAround(standingChanges(lot));
  const state = standing(lot, now);
  const phase = lotCountdown(lot, now, 'detail').phase;
  const image = lot.cropped || lot.image || lot.media[0]?.url || null;
  // The cover's WebP sizes when it has them (issue 13): the small square loads the 320 px one.
  const [saveData] = useDataSaver();
  const picture = image && lot.media[0]?.variants?.length ? pictureSource(lot.media[0], 160, image, saveData) : image ? { src: image } : null;
  const price =
    lot.bid_amount && lot.bid_amount > 0
      ? { label: state.open ? 'Current bid' : 'Highest bid', amount: lot.bid_amount }
      : { label: 'Starting price', amount: lot.target_amount };
  return (
    <Card withBorder radius="md" padding="sm" className={classes.lot} data-testid="catalogue-lot" data-item-id={lot.id}>
      <div className={classes.grid}>
        <Stack gap={0} align="center" justify="center" className={classes.number}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Lot
          </Text>
          <Text fw={800} fz={22} lh={1.1} data-testid="catalogue-lot-number">
            {lot.lot_number ?? '—'}
          </Text>
        </Stack>
        <Link to={`/item/${lot.id}`} className={classes.picture} aria-hidden="true" tabIndex={-1}>
          {picture ? <Picture source={picture} sizes="120px" alt="" loading="lazy" /> : <IconPhoto size={22} color="gray" />}
        </Link>
        <Stack gap={2} className={classes.main}>
          <Text component={Link} to={`/item/${lot.id}`} fw={650} lineClamp={2} className={classes.name} data-testid="catalogue-lot-name">
            {lot.name}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light" color={state.color} data-testid="catalogue-lot-status">
              {state.label}
            </Badge>
            <Group gap={3} wrap="nowrap">
              <IconGavel size={13} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                {lot.bid_count} {lot.bid_count === 1 ? 'bid' : 'bids'}
              </Text>
            </Group>
          </Group>
        </Stack>
        <Stack gap={0} className={classes.price}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {price.label}
          </Text>
          <Text fw={800} fz={18} c="gavel.8" style={{ whiteSpace: 'nowrap' }} data-testid="catalogue-lot-price">
            {formatMK(price.amount)}
          </Text>
        </Stack>
        <Stack gap={0} className={classes.clock}>
          {state.open || phase === 'opens' ? (
            <LotClock lot={lot} />
          ) : (
            <>
              <Text size="xs" c="dimmed">
                Closed
              </Text>
              <Text fw={700} data-testid="catalogue-lot-countdown">
                {state.label === 'Closing' ? 'Ended' : state.label}
              </Text>
            </>
          )}
        </Stack>
      </div>
    </Card>
  );
});

/** A lot's countdown to its opening or close, with the time it closes: ticks each second on the server's clock. */
function LotClock({ lot }: { lot: Item }) {
  const now = useServerNow(1000);
  const countdown = lotCountdown(lot, now, 'detail');
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <IconClock size={14} color="var(--mantine-color-dimmed)" />
        <Text size="xs" c="dimmed">
          {countdown.phase === 'opens' ? 'Opens in' : 'Closes in'}
        </Text>
      </Group>
      <Text fw={700} ff="monospace" data-testid="catalogue-lot-countdown" style={{ whiteSpace: 'nowrap' }}>
        {countdown.text}
      </Text>
      <Text size="xs" c="dimmed" data-testid="catalogue-lot-closes" style={{ whiteSpace: 'nowrap' }}>
        {countdown.phase === 'opens' ? '' : `at ${closeTimeText(lot.date_to, now)}`}
      </Text>
    </>
  );
}
