import { Badge, type BadgeProps } from '@mantine/core';
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
