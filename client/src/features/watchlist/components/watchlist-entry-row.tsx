import { ActionIcon, Badge, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMK } from '@shared/rules/money';
import { lotCountdown } from '@shared/rules/time-left';
import type { WatchlistEntry } from '@shared/schemas/watchlist.schema';
import { useServerNow } from '../../../lib/server-clock';

/** Name of an entry: name, else title. */
export function entryName(entry: WatchlistEntry): string {
  return entry.name || entry.title || `Item ${entry.id}`;
}

/** Price of an entry: the current bid when there is one, else the starting/cash price. */
export function entryPrice(entry: WatchlistEntry): { label: string; amount: number } {
  if (entry.type === 'cash') return { label: 'Price', amount: entry.target_amount };
  if (entry.bid_amount && entry.bid_amount > 0) return { label: 'Current bid', amount: entry.bid_amount };
  return { label: 'Starting price', amount: entry.target_amount };
}

/**
 * A watchlist row's timing ('Opens in …', '… left', 'Ended'), ticking each second on the clock the
 * rows share (seconds in a lot's last 10 minutes); only this line is drawn again each second
 * (issue 17).
 */
function RowTiming({ entry }: { entry: WatchlistEntry }) {
  const countdown = lotCountdown(entry, useServerNow(1000));
  const left = countdown.text;
  return (
    <Text size="xs" c={left === 'Ended' ? 'red.9' : countdown.phase === 'opens' ? 'blue.8' : 'dimmed'} data-testid="watchlist-timing">
      {countdown.phase === 'opens' ? `Opens in ${left}` : left === 'Ended' || left === 'No end date' ? left : `${left} left`}
    </Text>
  );
}

/**
 * One watched item as a compact row: picture, name (link to the item), price, time left
 * (accounts-and-shell §4 wording; 'Opens in …' while the lot has not started, issue 20) and a
 * remove button.
 */
export function WatchlistEntryRow({ entry, onRemove }: { entry: WatchlistEntry; onRemove: (id: number) => void }) {
  const image = entry.cropped || entry.image || entry.media[0]?.url || null;
  const price = entryPrice(entry);
  const closed = entry.closed_by != null || entry.status === 'sold' || entry.status === 'unsold';
  return (
    <Group gap="sm" wrap="nowrap" data-testid="watchlist-entry" data-item-id={entry.id}>
      {image ? (
        <Image src={image} alt="" w={56} h={56} radius="md" fit="cover" style={{ flexShrink: 0 }} />
      ) : (
        <Stack w={56} h={56} bg="gray.1" align="center" justify="center" style={{ borderRadius: 8, flexShrink: 0 }} c="gray.5">
          <IconPhoto size={22} />
        </Stack>
      )}
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text component={Link} to={`/item/${entry.id}`} fw={600} size="sm" truncate c="inherit" td="none">
          {entryName(entry)}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={700} c="gavel.8" style={{ whiteSpace: 'nowrap' }}>
            {formatMK(price.amount)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {price.label}
          </Text>
        </Group>
        {closed ? (
          <Badge size="xs" color="gray" variant="light" w="fit-content">
            Closed
          </Badge>
        ) : (
          entry.type !== 'cash' && <RowTiming entry={entry} />
        )}
      </Stack>
      <Tooltip label="Remove from watchlist" withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${entryName(entry)} from watchlist`}
          onClick={() => onRemove(entry.id)}
          data-testid="watchlist-remove"
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
