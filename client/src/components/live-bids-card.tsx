import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LiveBid } from '@shared/schemas/live-sale.schema';
import classes from './live-bids-card.module.css';

// Built once: a busy room draws many bid times a second.
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A bid's time as a live room's stream shows it: `14:05:09` (en-GB, the viewer's clock). */
export function liveBidTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : CLOCK.format(d);
}

/** A lot's label in a live room: "Lot 12", or "Lot #{id}" when it has no number. */
export function liveLotLabel(lot: { id: number; lot_number: number | null }): string {
  return lot.lot_number != null ? `Lot ${lot.lot_number}` : `Lot #${lot.id}`;
}

/**
 * The bids of a live sale's lot on the block, newest first (issue 15), in a card titled "Bids":
 * one row per bid, drawn by `children` (what each screen says of the bidder), with the bid's time
 * on the right; bids in `fresh` are highlighted (`emphasis` 'hold' keeps the mark, 'fade' lets it
 * go). Shared by the bidder's room and the clerk's console; `rowTestId` names each row.
 */
export function LiveBidsCard({
  bids,
  fresh,
  emphasis,
  rowTestId,
  emptyTestId,
  children,
}: {
  bids: LiveBid[];
  fresh: ReadonlySet<number>;
  emphasis: 'hold' | 'fade';
  rowTestId: string;
  emptyTestId?: string;
  children: (bid: LiveBid) => ReactNode;
}) {
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
        <Text size="sm" c="dimmed" data-testid={emptyTestId}>
          No bids on this lot yet.
        </Text>
      ) : (
        <Stack gap={2} className={classes.scroll} aria-live="polite">
          {bids.map((bid) => (
            <Group
              key={bid.id}
              className={classes.row}
              data-fresh={fresh.has(bid.id)}
              data-emphasis={emphasis}
              data-testid={rowTestId}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              align="flex-start"
            >
              <div style={{ minWidth: 0 }}>{children(bid)}</div>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {liveBidTime(bid.created_at)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
