import { useEffect, useRef } from 'react';
import { cartSnapshotSchema } from '@shared/schemas/cart.schema';
import { getSocket } from '../../../lib/socket';
import { applyServerCart, fetchCart, startCartStore } from '../lib/cart-store';

/**
 * Mount once in the layout: starts the cart store, applies `cart:updated` pushes (other tabs and
 * devices of the same person), and re-reads the cart when the signed-in user changes (a guest
 * cart merges into the user's on that read). `userId` is the signed-in user's id or null;
 * undefined while the session is still being looked up.
 */
export function CartSync({ userId }: { userId: number | null | undefined }) {
  const lastUser = useRef<number | null | undefined>(undefined);

  useEffect(() => startCartStore(), []);

  useEffect(() => {
    const socket = getSocket();
    const onUpdated = (raw: unknown) => {
      const parsed = cartSnapshotSchema.safeParse(raw);
      if (parsed.success) applyServerCart(parsed.data);
    };
    socket.on('cart:updated', onUpdated);
    return () => {
      socket.off('cart:updated', onUpdated);
    };
  }, []);

  useEffect(() => {
    if (userId === undefined) return;
    if (lastUser.current !== undefined && lastUser.current !== userId) void fetchCart();
    lastUser.current = userId;
  }, [userId]);

  return null;
}
