import { useDataSaver } from '../../../lib/data-saver';
import { Box, Button, Card, Group, Progress, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconClock, IconGavel, IconPhoto, IconShoppingCart, IconZoomIn } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Tooltip } from '../../../components/tooltip/tooltip';
import type { Item } from '@shared/schemas/item.schema';
import { formatMK } from '@shared/rules/money';
import { bidRefusal } from '@shared/rules/bid-refusal';
import { MESSAGES } from '@shared/messages';
import { bidButtonLabel, elapsedPercent, isSoldOut, itemKind } from '@shared/rules/item-status';
import { lotCountdown } from '@shared/rules/time-left';
import { lotOutcome, notSoldText } from '@shared/rules/lot-outcome';
import { formatDateTimeGB } from '../../../lib/dates';
import { cardPicture, itemName, referenceCode } from '../utils/item-display';
import { ItemBadges } from './item-type-badge';
import { Picture } from '../../../components/picture';
import classes from './item-card.module.css';

/** Price label and amount of a card: current bid when there is one, else the starting price. */
export function priceBlock(item: Item): { label: string; amount: number } {
  if (itemKind(item) === 'cash') return { label: 'Price', amount: item.target_amount };
  // A lot that closed unsold has no current bid, only the highest one it reached (issue "Bidding engine").
  if (item.bid_amount && item.bid_amount > 0)
    return { label: notSoldText(lotOutcome(item, null, false)) ? 'Highest Bid' : 'Current Bid', amount: item.bid_amount };
  return { label: 'Starting Price', amount: item.target_amount };
}

interface ItemCardProps {
  item: Item;
  now: Date;
  onPreview: (item: Item) => void;
  /** Optional control beside the price (the app puts the watch button here). */
  watchSlot?: ReactNode;
  /** Cart button of a daily-sale card, composed by the app (else a disabled placeholder). */
  cartAction?: ReactNode;
  /** Watch button shown in place of Place Bid while the lot has not started (composed by the app). */
  watchAction?: ReactNode;
}

/**
 * The picture button's name: what it shows in words ("No Image", "SOLD"), in that order, then what
 * it does, so what is seen is what a screen reader says (WCAG 2.5.3 "Label in Name").
 */
function quickViewLabel(name: string, noImage: boolean, soldOut: boolean): string {
  const shown = [noImage && 'No Image', soldOut && 'SOLD'].filter(Boolean).join(' ');
  return shown ? `${shown}: quick view of ${name}` : `Quick view of ${name}`;
}

/**
 * Item card: picture (or 'No Image') with nothing laid over it but SOLD, then the type and
 * status badges and Quick View under it (so they never hide text in the picture), reference
 * code, price block, bid count, time left with elapsed-time bar, and actions: View Details, then
 * Add to Cart for a daily sale, or what the shared bid rule (bidRefusal) allows at `now` (the
 * server-synchronised clock): Place Bid / Bid Live when open, Watch (`watchAction`) before the
 * lot starts, a disabled Auction Ended once ended or closed. A lot that has not started counts
 * down to its opening ('Opens in') and reads 'Opens {date}' instead of the bar.
 * Source: spec/shopping.md §2 "Item card", §4 "Bid button"; opening and layout: issue 20.
 */
export function ItemCard({ item, now, onPreview, watchSlot, cartAction, watchAction }: ItemCardProps) {
  const kind = itemKind(item);
  const [saveData] = useDataSaver();
  const image = cardPicture(item, saveData);
  const name = itemName(item);
  const price = priceBlock(item);
  // Cards are public: an unsold lot reads 'Ended — not sold' to everyone, never a winner's price.
  const notSold = kind === 'cash' ? null : notSoldText(lotOutcome(item, null, false));
  const soldOut = isSoldOut(item);
  const bidLabel = bidButtonLabel(item, now);
  const refusal = kind === 'cash' ? null : bidRefusal(item, now);
  const notStarted = refusal?.reason === 'not_started';
  // Before the start the Watch action takes the bid button's place; one watch control per card.
  const watchInActions = notStarted && watchAction != null;
  const countdown = lotCountdown(item, now, 'card');
  const timeLeft = countdown.text;
  const pct = elapsedPercent(item, now);
  const href = `/item/${item.id}`;

  return (
    <Card withBorder radius="md" padding={0} className={classes.card} data-testid="item-card" data-item-id={item.id}>
      <button type="button" className={classes.media} onClick={() => onPreview(item)} aria-label={quickViewLabel(name, !image, soldOut)}>
        {image ? (
          <Picture source={image} sizes="(max-width: 36em) 100vw, (max-width: 62em) 50vw, 400px" alt={name} loading="lazy" />
        ) : (
          <div className={classes.noImage}>
            <IconPhoto size={36} stroke={1.5} />
            <Text size="sm" fw={600}>
              No Image
            </Text>
          </div>
        )}
        {/* A space between the two words a screen reader and its checks read from the picture (No Image, SOLD). */}
        {soldOut && ' '}
        {soldOut && <div className={classes.soldOverlay}>SOLD</div>}
      </button>

      <Box p="md" className={classes.body}>
        <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="card-badges">
          <ItemBadges item={item} now={now} />
          <UnstyledButton className={classes.quickView} onClick={() => onPreview(item)} aria-hidden="true" tabIndex={-1} data-testid="quick-view">
            <IconZoomIn size={14} />
            Quick View
          </UnstyledButton>
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" ff="monospace" truncate data-testid="reference-code">
            {referenceCode(item)}
          </Text>
          {item.branch?.name && (
            <Text size="xs" c="dimmed" truncate>
              {item.branch.name}
            </Text>
          )}
        </Group>
        <Text component={Link} to={href} fw={650} size="md" lineClamp={2} className={classes.name}>
          {name}
        </Text>

        <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
              {price.label}
            </Text>
            <Text fw={800} fz={22} c={notSold ? 'gray.7' : 'gavel.8'} lh={1.2} data-testid="card-price" style={{ whiteSpace: 'nowrap' }}>
              {formatMK(price.amount)}
            </Text>
            {notSold && (
              <Text size="xs" fw={700} c="gray.7" data-testid="card-not-sold">
                {notSold}
              </Text>
            )}
          </div>
          {!watchInActions && watchSlot}
        </Group>

        <div>
          <Group justify="space-between" gap={4} mb={6} wrap="nowrap">
            {kind !== 'cash' ? (
              <Group gap={4} wrap="nowrap">
                <IconGavel size={14} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed" data-testid="card-bid-count">
                  {item.bid_count} {item.bid_count === 1 ? 'bid' : 'bids'}
                </Text>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                Buy now
              </Text>
            )}
            <Group gap={4} wrap="nowrap">
              <IconClock size={14} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed" data-testid="card-time-label">
                {kind === 'cash' ? 'Available' : countdown.label}
              </Text>
              <Text size="sm" fw={700} c={timeLeft === 'Ended' ? 'red.9' : timeLeft === 'Soon' ? 'gold.9' : undefined} data-testid="card-time-left">
                {timeLeft}
              </Text>
            </Group>
          </Group>
          {countdown.opensAt ? (
            <Text size="xs" c="blue.8" fw={600} data-testid="card-opens">
              Opens {formatDateTimeGB(countdown.opensAt)}
            </Text>
          ) : (
            <Progress value={kind === 'cash' ? 0 : pct} size="sm" radius="xl" color={pct > 85 ? 'orange' : 'gavel'} aria-label="Auction time elapsed" />
          )}
        </div>

        <div className={classes.spacer} />
        <SimpleGrid cols={2} spacing="xs">
          <Button component={Link} to={href} variant="default" size="sm" px="xs">
            View Details
          </Button>
          {kind === 'cash' && cartAction ? (
            cartAction
          ) : kind === 'cash' ? (
            <Tooltip label={soldOut ? 'Sold' : item.is_reserved ? 'Reserved (COD)' : 'Coming soon'} withArrow>
              <Box>
                <Button fullWidth size="sm" color="gold" c="dark.9" disabled px="xs" leftSection={<IconShoppingCart size={15} />}>
                  {item.is_reserved ? 'Reserved (COD)' : 'Add to Cart'}
                </Button>
              </Box>
            </Tooltip>
          ) : watchInActions ? (
            watchAction
          ) : notStarted ? (
            <Tooltip label={`${MESSAGES.auctionNotStarted}. Bidding opens ${formatDateTimeGB(item.date_from)}.`} withArrow>
              <Box>
                <Button fullWidth size="sm" disabled px="xs" data-testid="card-not-started">
                  Not started
                </Button>
              </Box>
            </Tooltip>
          ) : refusal ? (
            <Button size="sm" disabled>
              Auction Ended
            </Button>
          ) : (
            <Button
              component={Link}
              to={`${href}#bid`}
              size="sm"
              color={bidLabel === 'Bid Live' ? 'red' : 'gavel'}
              px="xs"
              leftSection={<IconGavel size={15} />}
            >
              {bidLabel}
            </Button>
          )}
        </SimpleGrid>
      </Box>
    </Card>
  );
}
