import { Badge } from '@mantine/core';

const LABEL = { cash: 'Daily Sale', online: 'Online', live: 'Live' } as const;
/** The same colours as the item cards' type badges (Daily Sale teal, Online blue, Live red). */
const COLOR = { cash: 'teal', online: 'blue', live: 'red' } as const;

/** Type badge of a cart entry: Daily Sale, Online or Live. */
export function CartTypeBadge({ type }: { type: 'cash' | 'online' | 'live' }) {
  return (
    <Badge size="xs" variant="light" color={COLOR[type]}>
      {LABEL[type]}
    </Badge>
  );
}

/** Plural group titles of the three types. */
export const TYPE_GROUP_TITLE = { cash: 'Daily Sale', online: 'Online Auctions', live: 'Live Auctions' } as const;
