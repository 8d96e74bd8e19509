import { Badge, Group, type BadgeProps } from '@mantine/core';
import type { Item } from '@shared/schemas/item.schema';
import { displayStatus } from '@shared/rules/item-status';
import { statusColor, typeBadge } from '../utils/item-display';

/** Badge of the item's kind: Daily Sale, Online or Live. */
export function ItemTypeBadge({ item, ...props }: { item: Item } & BadgeProps) {
  const t = typeBadge(item);
  return (
    <Badge color={t.color} variant="filled" radius="sm" tt="none" data-testid="type-badge" {...props}>
      {t.label}
    </Badge>
  );
}

/** Badge of the display status (SOLD, LIVE, ENDING SOON); nothing when none. Source: spec/shopping.md §4. */
export function ItemStatusBadge({ item, now, ...props }: { item: Item; now: Date } & BadgeProps) {
  const status = displayStatus(item, now);
  if (!status) return null;
  return (
    <Badge color={statusColor(status)} variant="filled" radius="sm" data-testid="status-badge" {...props}>
      {status}
    </Badge>
  );
}

/**
 * The badges of a lot side by side: its kind and its display status, except that a live lot in
 * its window shows only LIVE (not 'Live' and 'LIVE' together). Never truncated: they wrap.
 * Source: spec/shopping.md §2 "Item card", §4 "Item display status"; one LIVE: issue 20.
 */
export function ItemBadges({ item, now }: { item: Item; now: Date }) {
  const live = displayStatus(item, now) === 'LIVE';
  return (
    <Group gap={6} style={{ rowGap: 4 }}>
      {!live && <ItemTypeBadge item={item} style={{ flexShrink: 0 }} />}
      <ItemStatusBadge item={item} now={now} style={{ flexShrink: 0 }} />
    </Group>
  );
}
