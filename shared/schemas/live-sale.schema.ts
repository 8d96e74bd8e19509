import { z } from 'zod';

/**
 * The live sale room and the clerk's console (issue 15): the room's state as every page sees it,
 * the bidder's `live:bid`, and the clerk's actions. One snapshot shape serves the `live:join`
 * acknowledgement, every `live:state` push and every clerk action's answer; `seq` grows with
 * every change, so a page keeps the snapshot with the highest `seq` and drops older ones.
 */

/** Where the lot on the block stands: no lot yet, open for bids, fair warning given, hammered, or the sale paused. */
export const LIVE_STATUSES = ['waiting', 'open', 'fair_warning', 'sold', 'passed', 'paused'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** The clerk's actions, each `POST /api/admin/live/{saleId}/{action}`. */
export const LIVE_ACTIONS = ['open', 'floor-bid', 'fair-warning', 'sold', 'pass', 'undo', 'next', 'pause', 'resume', 'lock', 'unlock', 'message'] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** Who holds the high bid: the room (its paddle number when the clerk gave one) or an online bidder (their name for operators only). */
export const liveHighBidderSchema = z.object({
  kind: z.enum(['room', 'online']),
  paddle: z.string().nullable().optional(),
  /** The online bidder's user id (as `bid:placed` carries it), so their own page can say Winning. */
  user_id: z.number().nullable().optional(),
  /** The online bidder's name: operators see it in full, others a masked form. */
  name: z.string().nullable().optional(),
});
export type LiveHighBidder = z.infer<typeof liveHighBidderSchema>;

/** One bid of the lot on the block, newest first in the snapshot's `bids`. Amounts in whole MWK. */
export const liveBidSchema = z.object({
  id: z.number(),
  amount: z.number(),
  kind: z.enum(['room', 'online']),
  paddle: z.string().nullable().optional(),
  user_id: z.number().nullable().optional(),
  name: z.string().nullable().optional(),
  /** Placed by the engine for a maximum left before the sale (an absentee bid). */
  automatic: z.boolean(),
  created_at: z.string(),
});
export type LiveBid = z.infer<typeof liveBidSchema>;

/** A lot as the room shows it (on the block, or among the next ones). `picture` is a URL or null. */
export const liveLotSchema = z.object({
  id: z.number(),
  lot_number: z.number().nullable(),
  name: z.string(),
  description: z.string().nullable().optional(),
  picture: z.string().nullable(),
  pictures: z.array(z.string()).optional(),
  /** The starting amount (MWK). */
  target_amount: z.number(),
  /** Whether the current bid meets the reserve; null without a reserve. Operators also get `reserve_price`. */
  reserve_met: z.boolean().nullable(),
  reserve_price: z.number().nullable().optional(),
  status: z.string(),
});
export type LiveLot = z.infer<typeof liveLotSchema>;

/**
 * The room's state (issue 15 "Contract"): `lot` on the block (null while waiting for the first),
 * `asking` the price a bid must offer now (current bid + increment band, or the starting amount),
 * `high_bid` and `high_bidder` (null without a bid), `status`, whether online bidding is locked,
 * and the clerk's `message` to bidders. Added: `bids` (the lot's latest bids, newest first),
 * `next_lots` (the next lots in order), `sale` (id and name) and the sale's `webcast`.
 */
export const liveStateSchema = z.object({
  sale_id: z.number(),
  seq: z.number(),
  sale: z.object({ id: z.number(), name: z.string() }),
  lot: liveLotSchema.nullable(),
  asking: z.number().nullable(),
  high_bid: z.number().nullable(),
  high_bidder: liveHighBidderSchema.nullable(),
  status: z.enum(LIVE_STATUSES),
  online_locked: z.boolean(),
  message: z.string().nullable(),
  bids: z.array(liveBidSchema),
  next_lots: z.array(liveLotSchema),
  /** The sale's webcast, shown above the lot: an HLS stream or an embeddable player; null for none. */
  webcast: z
    .object({ url: z.string(), kind: z.enum(['hls', 'embed']) })
    .nullable()
    .optional(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** `live:join {sale_id}` (anyone may watch). */
export const liveJoinInputSchema = z.object({ sale_id: z.coerce.number().int().positive() });

/**
 * The `live:join` acknowledgement: the snapshot and what the viewer may do (`can_bid`: signed in
 * and approved for this sale; `registration` the status of their registration, `none` when they
 * have none or are a guest; `user_id` theirs or null). `{ok: false, message}` when there is no
 * such live sale.
 */
export const liveJoinAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    state: liveStateSchema,
    viewer: z.object({ user_id: z.number().nullable(), can_bid: z.boolean(), registration: z.string() }),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type LiveJoinAck = z.infer<typeof liveJoinAckSchema>;

/**
 * `live:bid {sale_id, lot_id, amount, idempotency_key}`: an online bid at the asking price the
 * bidder saw. The same key answers the same outcome again without a second bid (a retry after a
 * dropped connection). Amount in whole MWK.
 */
export const liveBidInputSchema = z.object({
  sale_id: z.coerce.number().int().positive(),
  lot_id: z.coerce.number().int().positive(),
  amount: z.coerce.number().int().positive(),
  idempotency_key: z.string().trim().min(8).max(64),
});
export type LiveBidInput = z.infer<typeof liveBidInputSchema>;

/** `live:bid` acknowledgement: accepted (and whether the bidder leads), or refused with the text to show. */
export const liveBidAckSchema = z.union([
  z.object({ ok: z.literal(true), leading: z.boolean(), state: liveStateSchema.optional() }),
  z.object({ ok: z.literal(false), message: z.string(), state: liveStateSchema.optional() }),
]);
export type LiveBidAck = z.infer<typeof liveBidAckSchema>;

/** Body of `open`: a lot of the sale to put on the block; without it, the next unsold lot in order. */
export const liveOpenInputSchema = z.object({ lot_id: z.coerce.number().int().positive().optional() });
/** Body of `floor-bid`: the room bidder's paddle number, when the clerk gives one. */
export const liveFloorBidInputSchema = z.object({
  paddle: z
    .string()
    .trim()
    .max(12, 'A paddle number has at most 12 characters.')
    .regex(/^[A-Za-z0-9-]*$/, 'A paddle number holds letters, digits and - only.')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
/** Body of `message`: the text shown to everyone in the room (empty clears it). */
export const liveMessageInputSchema = z.object({
  text: z.string().trim().max(200, 'A message to bidders has at most 200 characters.'),
});

/** A lot of the sale as the clerk's console lists it, in order. */
export const liveConsoleLotSchema = z.object({
  id: z.number(),
  lot_number: z.number().nullable(),
  name: z.string(),
  picture: z.string().nullable(),
  target_amount: z.number(),
  bid_amount: z.number().nullable(),
  status: z.string(),
  /** Sold to: the room's paddle or the online buyer's name; null while unsold. */
  sold_to: z.string().nullable(),
});
export type LiveConsoleLot = z.infer<typeof liveConsoleLotSchema>;

/** `GET /api/admin/live/{saleId}`: the state as operators see it and the sale's lots in order. */
export const liveConsoleSchema = z.object({ data: z.object({ state: liveStateSchema, lots: z.array(liveConsoleLotSchema) }) });

/** Texts of the live room (issue 15), shown word for word. */
export const LIVE_MESSAGES = {
  takenFirst: (amount: string) => `Another bid was taken first at MK ${amount}`,
  notOpen: 'No lot is open for bids.',
  paused: 'The sale is paused.',
  onlineLocked: 'Online bidding is paused while the room bids.',
  signIn: 'Sign in to bid.',
  notRegistered: 'Only bidders approved for this sale may bid.',
  notLiveSale: 'This sale is not a live auction.',
  onTheBlock: 'This lot is being sold live: bid in the live room.',
  noBidToSell: (lot: string) => `Lot ${lot} has no bid to sell to.`,
  reserveNotMet: (reserve: string) => `The reserve of MK ${reserve} is not met: take another bid or pass the lot.`,
  hammered: (lot: string, how: string) => `Lot ${lot} is already ${how}.`,
  stillOpen: (lot: string) => `Sell or pass lot ${lot} first.`,
  noLotsLeft: 'Every lot of this sale has been offered.',
  lotNotInSale: 'That lot is not an unsold lot of this sale.',
  nothingToUndo: 'There is nothing to undo.',
  soldStays: 'A sold lot stays sold: release it from the buyer’s invoice instead.',
  notPaused: 'The sale is not paused.',
  alreadyPaused: 'The sale is already paused.',
  fairWarningGiven: 'Fair warning was already given.',
} as const;
