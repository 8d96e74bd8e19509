/**
 * Badge text of a count capped at `cap`: `9+` above 9 for navigation badges, `99+` above 99
 * for the cart icon and drawer. Source: spec/shopping.md §9 "Cart badge caps".
 */
export function capBadge(count: number, cap: 9 | 99 = 9): string {
  return count > cap ? `${cap}+` : String(Math.max(0, Math.floor(count)));
}
