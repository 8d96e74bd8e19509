/** Who is looking at a bid history: a signed-in user's id (null for a guest) and whether they are an operator. */
export interface BidViewer {
  user_id: number | null;
  operator: boolean;
}

/** Letters hidden after a name's first letter: always five, so the mask does not tell the name's length. */
const HIDDEN = '•••••';

/**
 * A bidder's name as others see it when names are masked: the first name's initial and five
 * dots, the last name's initial, and the bidder's number on the lot ("Chikondi Banda", 3 →
 * "C••••• B. (Bidder 3)"). A missing or blank name stays null, so the page shows the spec's
 * "Anonymous Bidder". Source: issue 20 item 8; spec/shopping.md §2 "Item detail".
 */
export function maskBidderName(name: string | null | undefined, bidderNumber: number): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const first = `${Array.from(words[0])[0]!.toUpperCase()}${HIDDEN}`;
  const last = words.length > 1 ? ` ${Array.from(words[words.length - 1])[0]!.toUpperCase()}.` : '';
  return `${first}${last} (Bidder ${bidderNumber})`;
}

/**
 * Whether a viewer sees a bidder's full name: always when names are not masked (the spec's
 * default), and when masked, to the bidder themselves and to operators. Source: issue 20 item 8.
 */
export function seesFullBidderName(viewer: BidViewer, bidderId: number, masked: boolean): boolean {
  return !masked || viewer.operator || (viewer.user_id !== null && viewer.user_id === bidderId);
}
