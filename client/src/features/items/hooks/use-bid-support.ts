import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_BID_SETTINGS, getBidSettings, type BidSettings } from '../api/get-bid-increment';
import { checkSubscription, type SubscriptionCheck } from '../api/check-subscription';
import type { SubscriptionUpdatedEvent } from '@shared/schemas/subscription.schema';
import { getSocket } from '../../../lib/socket';
import { notifyInfo, notifySuccess } from '../../../lib/notify';

/** The bid settings' entry in the server-state cache (one setting for all lots). */
export const BID_SETTINGS_KEY = ['settings', 'bid-increment'] as const;

/** The bid settings in the server-state cache, read once a minute at most however many lots are opened. */
export const bidSettingsQueryOptions = () => queryOptions({ queryKey: BID_SETTINGS_KEY, queryFn: getBidSettings, staleTime: 60_000 });

/**
 * The bid form's settings: the increment (MWK, default 1) and the bid ceiling's factor (default
 * 10) until loaded; read once a minute at most, however many lots are opened (one setting for all).
 */
export function useBidSettings(): BidSettings {
  return useQuery(bidSettingsQueryOptions()).data ?? DEFAULT_BID_SETTINGS;
}

/**
 * Subscription of the signed-in viewer to a live item's auction type; only asked when
 * `enabled` (signed in and the item is live). `checking` is true while the answer is pending.
 * When an operator decides on the viewer's registration (`subscription:updated` in the user's
 * room), the answer is replaced at once, so the bid form unlocks without a reload.
 */
export function useSubscriptionCheck(auctionTypeId: number | null, enabled: boolean): { check: SubscriptionCheck | null; checking: boolean } {
  const [check, setCheck] = useState<SubscriptionCheck | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    setCheck(null);
    if (!enabled || auctionTypeId === null) return;
    let cancelled = false;
    setChecking(true);
    void checkSubscription(auctionTypeId)
      .then((c) => {
        if (!cancelled) setCheck(c);
      })
      .finally(() => {
        if (!cancelled) setChecking(false);
      });
    const socket = getSocket();
    const onDecision = (e: SubscriptionUpdatedEvent) => {
      if (e.auction_type_id !== auctionTypeId) return;
      setCheck((prev) => ({
        subscribed: e.subscribed,
        auctionName: prev?.auctionName ?? null,
        message: e.message,
        status: e.status,
        declineReason: null,
        // The bidder's text of the decision ('… was declined: <reason>'), shown as it came.
        decision: e.message,
      }));
      if (e.subscribed) notifySuccess(e.message, 'Registration approved');
      else notifyInfo(e.message, 'Registration declined');
    };
    socket.on('subscription:updated', onDecision);
    return () => {
      cancelled = true;
      socket.off('subscription:updated', onDecision);
    };
  }, [auctionTypeId, enabled]);
  return { check, checking };
}
