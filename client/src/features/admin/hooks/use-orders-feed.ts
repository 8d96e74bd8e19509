import { useEffect, useRef } from 'react';
import type { Ack } from '@shared/events';
import { orderUpdatedEventSchema } from '@shared/schemas/admin-order.schema';
import type { AdminOrderView } from '@shared/schemas/admin-order.schema';
import { getSocket } from '../../../lib/socket';

/** What the Orders screen does with the live feed. */
export interface OrdersFeedHandlers {
  /** An order was placed, paid, cancelled or failed: its operators' view after the commit. */
  onOrder: (order: AdminOrderView) => void;
  /** The feed (re)started after the list may have been read: events may have been missed, reload quietly. */
  onResync: () => void;
}

/**
 * While mounted: follows room `admin:orders` (`admin:orders:subscribe`, admin role only) and
 * passes each `order:updated` payload, validated with its schema, to `onOrder`. A new
 * connection starts with no rooms, so the room is asked for again on every (re)connect, and
 * `onResync` runs after each join that may have come after the list was read (a reconnect, or
 * a socket not yet connected when the screen mounted). Leaves the room on unmount. No polling.
 * Source: admin orders brief (the Orders screen updates live); DESIGN.md socket contract.
 */
export function useOrdersFeed(handlers: OrdersFeedHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    const socket = getSocket();
    let resyncOnJoin = !socket.connected;
    let active = true;
    const join = () => {
      const resync = resyncOnJoin;
      resyncOnJoin = true;
      socket.emit('admin:orders:subscribe', (ack: Ack) => {
        if (active && ack.ok && resync) ref.current.onResync();
      });
    };
    const onOrder = (raw: unknown) => {
      const parsed = orderUpdatedEventSchema.safeParse(raw);
      if (parsed.success) ref.current.onOrder(parsed.data.order);
    };
    socket.on('order:updated', onOrder);
    socket.on('connect', join);
    if (socket.connected) join();
    return () => {
      active = false;
      socket.off('order:updated', onOrder);
      socket.off('connect', join);
      if (socket.connected) socket.emit('admin:orders:unsubscribe');
    };
  }, []);
}
