import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Tooltip } from '../../../components/tooltip/tooltip';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { WATCHLIST_MESSAGES } from '@shared/messages/watchlist';
import type { Item } from '@shared/schemas/item.schema';
import { toggleWatchlistAtom, watchlistIdsAtom } from '../atoms/watchlist-atoms';

/**
 * Watch toggle for an item (cards: `icon`; item page: `button`). Shows membership at once
 * (optimistic); a guest gets 'Please sign in to add items to your watchlist' and the sign-in
 * modal (the item is added after signing in); a failure toasts 'Failed to update watchlist' with
 * the reason. Source: spec/shopping.md §2, §4 "Newsletter and sign-in prompt", §8; accounts §4.
 */
export function WatchButton({ item, variant = 'icon' }: { item: Item; variant?: 'icon' | 'button' }) {
  const watched = useAtomValue(watchlistIdsAtom).has(item.id);
  const toggle = useSetAtom(toggleWatchlistAtom);
  const [busy, setBusy] = useState(false);
  const name = item.name || item.title || `Item ${item.id}`;
  const label = watched ? 'Remove from watchlist' : 'Add to watchlist';

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    const res = await toggle(item);
    setBusy(false);
    if (res.needsSignIn) notifyInfo(res.error ?? WATCHLIST_MESSAGES.signInToAdd);
    else if (!res.ok) notifyError(res.error ?? WATCHLIST_MESSAGES.failedToUpdate, WATCHLIST_MESSAGES.failedToUpdate);
    else notifySuccess(name, res.inWatchlist ? WATCHLIST_MESSAGES.added : WATCHLIST_MESSAGES.removed);
  };

  const icon = watched ? <IconHeartFilled size={variant === 'icon' ? 20 : 18} /> : <IconHeart size={variant === 'icon' ? 20 : 18} />;
  const common = { 'data-testid': 'watch-button', 'data-watched': watched ? 'true' : 'false', 'aria-pressed': watched, onClick } as const;

  if (variant === 'button') {
    return (
      <Button variant={watched ? 'light' : 'default'} color={watched ? 'red' : 'gray'} leftSection={icon} style={{ flexShrink: 0 }} {...common}>
        {watched ? 'Watching' : 'Watch'}
      </Button>
    );
  }
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant={watched ? 'light' : 'default'} color={watched ? 'red' : 'gray'} size="lg" radius="xl" aria-label={label} {...common}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
