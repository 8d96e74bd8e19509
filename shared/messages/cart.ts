/**
 * Cart texts quoted word for word by the specification, plus the server's refusals (our
 * wording where the spec shows none). Source: spec/shopping.md §2 "Cart drawer", §5 "Cart",
 * §8 "Cart".
 */
export const CART_MESSAGES = {
  alreadyInCart: 'Item is already in cart',
  addFailed: 'Failed to add item to cart',
  addOffline: 'No internet connection. Item will be added when connection is restored.',
  notInCart: 'Item not found in cart.',
  removeFailed: 'Failed to remove item from cart',
  removeOffline: 'No internet connection. Item will be removed when connection is restored.',
  updateFailed: 'Failed to update item quantity',
  updateOffline: 'No internet connection. Quantity will be updated when connection is restored.',
  clearServerFailed: 'Failed to clear cart on server.',
  clearFailed: 'Failed to clear cart',
  alreadyEmpty: 'Your cart is already empty.',
  fetchFailed: 'Failed to fetch cart.',
  noLongerAvailable: (n: number) => `${n} item(s) are no longer available and have been removed from your cart`,
  added: (name: string) => `${name} added to cart`,
  removed: (name: string) => `${name} removed from cart`,
  clearConfirm: (n: number) => `Are you sure you want to remove all ${n} items from your cart? This action cannot be undone.`,
  emptyTitle: 'Your cart is empty',
  emptyHint: 'Add some items to get started',
  quantityRange: 'Quantity must be between 1 and 99',
  // Server refusals (not worded by the spec).
  itemNotFound: 'Item not found',
  sold: 'This item has been sold',
  reserved: 'This item is reserved for a cash-on-delivery order',
  bidOnly: 'Auction items cannot be bought through the cart. Place a bid on the item page instead.',
  outOfStock: 'This item is no longer available',
  onlyAvailable: (n: number) => `Only ${n} of this item ${n === 1 ? 'is' : 'are'} available`,
  issueSold: (name: string) => `"${name}" has been sold and is no longer available`,
  issueReserved: (name: string) => `"${name}" is reserved for a cash-on-delivery order`,
  issueMissing: (id: number) => `Item #${id} no longer exists`,
  issueBidOnly: (name: string) => `"${name}" is an auction item and cannot be bought through the cart`,
  issueStock: (name: string, n: number) => `Only ${n} of "${name}" ${n === 1 ? 'is' : 'are'} available`,
} as const;
