import { useEffect, useRef } from 'react';
import { getSocket } from '../../../lib/socket';
import { useItemRooms } from '../../../lib/use-item-rooms';
import {
  auctionClosedEventSchema,
  bidOutbidEventSchema,
  bidPlacedEventSchema,
  type AuctionClosedEvent,
  type BidOutbidEvent,
  type BidPlacedEvent,
} from '@shared/events';

/** What the dashboard does with each live event. */
export interface DashboardSocketHandlers {
  onBidPlaced: (e: BidPlacedEvent) => void;
  onOutbid: (e: BidOutbidEvent) => void;
  onClosed: (e: AuctionClosedEvent) => void;
  /** After a reconnect (events may have been missed): reload. */
  onReconnect: () => void;
}

/**
 * While mounted: joins the item rooms of `itemIds` (so `bid:placed` and `auction:closed` of
 * those items arrive) and listens to `bid:placed`, `bid:outbid` (room `user:{id}`) and
 * `auction:closed`, each payload validated. No polling. Source: DESIGN.md socket contract.
 */
export function useDashboardSocket(itemIds: readonly number[], handlers: DashboardSocketHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useItemRooms(itemIds);

  useEffect(() => {
    const socket = getSocket();
    let connectedOnce = socket.connected;
    const onPlaced = (raw: unknown) => {
      const p = bidPlacedEventSchema.safeParse(raw);
      if (p.success) ref.current.onBidPlaced(p.data);
    };
    const onOutbid = (raw: unknown) => {
      const p = bidOutbidEventSchema.safeParse(raw);
      if (p.success) ref.current.onOutbid(p.data);
    };
    const onClosed = (raw: unknown) => {
      const p = auctionClosedEventSchema.safeParse(raw);
      if (p.success) ref.current.onClosed(p.data);
    };
    const onConnect = () => {
      if (connectedOnce) ref.current.onReconnect();
      connectedOnce = true;
    };
    socket.on('bid:placed', onPlaced);
    socket.on('bid:outbid', onOutbid);
    socket.on('auction:closed', onClosed);
    socket.on('connect', onConnect);
    return () => {
      socket.off('bid:placed', onPlaced);
      socket.off('bid:outbid', onOutbid);
      socket.off('auction:closed', onClosed);
      socket.off('connect', onConnect);
    };
  }, []);
}
