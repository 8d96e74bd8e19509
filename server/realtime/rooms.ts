import type { CartOwnerRef } from '../events/domain-events.js';

/**
 * Socket.IO room names: known only inside server/realtime/. Source: DESIGN.md socket contract.
 */
export const rooms = {
  /** Watchers of one lot (`item:subscribe`). */
  item: (id: number) => `item:${id}`,
  /** Every socket of one signed-in user. */
  user: (id: number) => `user:${id}`,
  /** A guest cart's room, named by the hash of its cookie token (never sent to clients). */
  guestCart: (tokenHash: string) => `cart:${tokenHash}`,
  /** The room of a cart's owner: the user's room, else the guest cart's; null without either. */
  cart: (owner: CartOwnerRef): string | null => (owner.user_id != null ? `user:${owner.user_id}` : owner.guest_hash ? `cart:${owner.guest_hash}` : null),
  /** Every socket signed in by one session (named by the hash of its id, never sent to clients). */
  session: (idHash: string) => `session:${idHash}`,
  /** Every socket signed in by one API token (its row id). */
  apiToken: (tokenId: number) => `token:${tokenId}`,
  /** Operators watching the Orders screen; joined only by users with the admin role. */
  adminOrders: 'admin:orders',
  /** Everyone watching a live sale's room (issue 15). */
  sale: (id: number) => `sale:${id}`,
  /** Operators watching a live sale's room (they see bidders' names and reserves). */
  saleClerks: (id: number) => `sale:${id}:clerks`,
};
