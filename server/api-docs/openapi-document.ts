import {
  LIVE_ACTIONS,
  liveBidInputSchema,
  liveConsoleSchema,
  liveFloorBidInputSchema,
  liveJoinInputSchema,
  liveOpenInputSchema,
  liveStateSchema,
} from '@shared/schemas/live-sale.schema.js';
import { adminInvoicePageSchema, adminInvoicesQuerySchema, reofferLotInputSchema } from '@shared/schemas/invoice.schema.js';
import { z } from 'zod';
import { createDocument, createSchema, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { adminOrdersQuerySchema, adminOrderViewSchema, cancelOrderInputSchema, orderUpdatedEventSchema } from '@shared/schemas/admin-order.schema.js';
import { payWonOrderInputSchema, recordWonOrderPaymentInputSchema } from '@shared/schemas/won-order-payment.schema.js';
import { advertInputSchema, advertPatchSchema } from '@shared/schemas/advert.schema.js';
import { auditPageSchema, auditQuerySchema } from '@shared/schemas/audit.schema.js';
import {
  adminBiddersQuerySchema,
  bidderActionResultSchema,
  bidderDetailSchema,
  bidderPageSchema,
  bidderPatchSchema,
  bidderRoleInputSchema,
  blockBidderInputSchema,
} from '@shared/schemas/bidder.schema.js';
import { overviewSchema } from '@shared/schemas/overview.schema.js';
import { registerInputSchema, sessionLoginInputSchema, tokenLoginInputSchema } from '@shared/schemas/auth.schema.js';
import { bidSchema, listBidsQuerySchema, placeBidInputSchema } from '@shared/schemas/bid.schema.js';
import { incrementQuerySchema, incrementTableInputSchema, retractBidInputSchema } from '@shared/schemas/bidding.schema.js';
import {
  cartAddInputSchema,
  cartSnapshotSchema,
  cartUpdateInputSchema,
  cartValidateInputSchema,
  cartValidateResponseSchema,
  getCartResponseSchema,
} from '@shared/schemas/cart.schema.js';
import { cashCheckoutResponseSchema, checkoutInputSchema, dpoCheckoutResponseSchema, paymentResultSchema } from '@shared/schemas/checkout.schema.js';
import { dashboardListQuerySchema, dashboardResponseSchema, dashboardStatsSchema, pagedDashboardBidsSchema } from '@shared/schemas/dashboard.schema.js';
import { auctionTypeSchema, branchOfficeSchema, itemSchema, listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { newsletterInputSchema } from '@shared/schemas/newsletter.schema.js';
import { forgotPasswordInputSchema, resetPasswordInputSchema } from '@shared/schemas/password-reset.schema.js';
import {
  listNotificationsQuerySchema,
  markNotificationsReadInputSchema,
  markNotificationsReadResultSchema,
  notificationNewEventSchema,
  notificationPreferenceInputSchema,
  notificationPreferencesSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  notificationsPageSchema,
  outboxMessageSchema,
} from '@shared/schemas/notification.schema.js';
import { billingAddressInputSchema, draftOrdersQuerySchema, profileInputSchema } from '@shared/schemas/profile.schema.js';
import {
  adminSalesQuerySchema,
  publicSaleSchema,
  saleDetailSchema,
  saleInputSchema,
  saleLotSchema,
  saleLotsOrderSchema,
  saleLotsPageSchema,
  saleLotsQuerySchema,
  salePatchSchema,
  saleViewSchema,
} from '@shared/schemas/sale.schema.js';
import {
  adminLotsQuerySchema,
  bulkLotsSchema,
  lotImagesPatchSchema,
  lotInputSchema,
  lotPatchSchema,
  lotsPageSchema,
  lotViewSchema,
  relistLotSchema,
  withdrawLotSchema,
} from '@shared/schemas/lot.schema.js';
import { catalogueExportQuerySchema, importResultSchema } from '@shared/schemas/catalogue-import.schema.js';
import { saleResultsSchema } from '@shared/schemas/sale-results.schema.js';
import { createSavedSearchInputSchema, savedSearchViewSchema, updateSavedSearchInputSchema } from '@shared/schemas/saved-search.schema.js';
import { sitePageInputSchema, sitePageSlugSchema } from '@shared/schemas/site-page.schema.js';
import { siteSettingsPatchSchema } from '@shared/schemas/site-settings.schema.js';
import { auctioneerContactViewSchema } from '@shared/schemas/auctioneer-contact.schema.js';
import {
  declineSubscriptionInputSchema,
  registerBidInputSchema,
  subscriptionCheckSchema,
  subscriptionUpdatedEventSchema,
} from '@shared/schemas/subscription.schema.js';
import {
  addToWatchlistInputSchema,
  watchlistChangeResultSchema,
  watchlistCheckSchema,
  watchlistCountSchema,
  watchlistIdsSchema,
  watchlistPageSchema,
  watchlistQuerySchema,
} from '@shared/schemas/watchlist.schema.js';
import {
  auctionClosedEventSchema,
  bidOutbidEventSchema,
  bidPlacedEventSchema,
  itemRoomPayloadSchema,
  timeSyncEventSchema,
  watchlistCountEventSchema,
} from '@shared/events.js';

/** HTTP methods the document describes. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route: anyone, a signed-in user (session cookie or bearer token), an operator (admin role). */
type Access = 'public' | 'user' | 'admin';

/** One route of the API as the document shows it. Schemas come from `shared/`. */
interface RouteDoc {
  tag: string;
  summary: string;
  access?: Access;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** Body encoding when not JSON. */
  bodyType?: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /** The success answer (JSON); absent: described in words only (`answer`). */
  response?: z.ZodType;
  /** Words on the answer when it has no shared schema, or is not JSON (a redirect, text). */
  answer?: string;
  /** Status of the success answer (default 200). */
  status?: '200' | '201' | '204' | '302' | '303';
  /** Content type of a non-JSON answer. */
  responseType?: 'text/plain' | 'text/html' | 'text/csv';
}

const errorSchema = z
  .object({
    message: z.string(),
    error: z.string().optional(),
    code: z.string().optional(),
    reason: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'field → its messages (422)' }),
  })
  .meta({ id: 'ErrorResponse', description: 'Every failing call answers this (shared/errors.ts).' });

const anyObject = z.record(z.string(), z.unknown());
const idParam = z.object({ id: z.coerce.number().int().positive() });
const successSchema = z.object({ success: z.literal(true) });
const cartChangeSchema = z.object({ success: z.literal(true), message: z.string(), cart: cartSnapshotSchema });
const itemsPageSchema = z.object({ data: z.array(itemSchema) }).catchall(z.unknown());
const bidsPageSchema = z.object({ data: z.array(bidSchema) }).catchall(z.unknown());

/**
 * Every route the Express app registers, keyed `METHOD /path` (Express path syntax). The
 * route-coverage test (tests/server/api-docs) fails when the app has a route missing here.
 * Source: issue 19 "An API others can build on"; the spec's "calls" tables.
 */
export const API_ROUTES: Record<string, RouteDoc> = {
  // Catalogue
  'GET /ajax-items': { tag: 'Items', summary: 'List lots (filters, search, sort, pages)', query: listItemsQuerySchema, response: itemsPageSchema },
  'GET /ajax-item/:id': { tag: 'Items', summary: "One lot's public fields (plus the signed-in viewer's standing)", params: idParam, response: itemSchema },
  'GET /ajax-branches': { tag: 'Items', summary: 'Branches and their offices', response: z.array(branchOfficeSchema) },
  'GET /ajax-auction-types': {
    tag: 'Items',
    summary: 'Auction types (sales)',
    query: z.object({ type: z.string().optional() }),
    response: z.array(auctionTypeSchema),
  },
  'GET /api/open-item/:id/bids': {
    tag: 'Items',
    summary: "A lot's bid history, newest first",
    params: idParam,
    query: listBidsQuerySchema,
    response: bidsPageSchema,
  },
  'GET /api/settings/auction-bid-increment': {
    tag: 'Items',
    summary: 'Global bid increment and the bid ceiling factor',
    response: z.object({ value: z.number(), max_bid_factor: z.number() }),
  },
  'GET /api/bid-increments': { tag: 'Bids', summary: 'Increment bands of a sale (or the global ones)', query: incrementQuerySchema, answer: '`{bands}`' },
  'GET /api/adverts': { tag: 'Adverts', summary: 'Adverts visible now', answer: '`{adverts}`' },
  'GET /api/public/adverts': { tag: 'Adverts', summary: 'Adverts visible now (same answer)', answer: '`{adverts}`' },
  'GET /api/pages/:slug': {
    tag: 'Pages',
    summary: 'Terms of sale or Privacy page',
    params: z.object({ slug: sitePageSlugSchema }),
    answer: 'The page: `{slug, title, blocks, updated_at}`',
  },
  // Bids
  'POST /ajax-bid': {
    tag: 'Bids',
    summary: 'Place a bid (optionally with a maximum); browser session + X-XSRF-TOKEN, or a bearer token',
    access: 'user',
    body: placeBidInputSchema,
    answer: '`{success, bid, item, leading, max_amount}`; a refusal is 422 with `reason`',
  },
  // Sign-in
  'GET /sanctum/csrf-cookie': {
    tag: 'Auth',
    summary: 'Sets the readable XSRF-TOKEN cookie (send it back as X-XSRF-TOKEN)',
    status: '200',
    answer: 'Empty (204-like) with Set-Cookie',
  },
  'POST /login': { tag: 'Auth', summary: 'Browser sign-in (session cookie)', body: sessionLoginInputSchema, answer: '`{success, message, user, redirect}`' },
  'POST /logout': { tag: 'Auth', summary: 'Browser sign-out', response: successSchema },
  'POST /api/login': {
    tag: 'Auth',
    summary: 'API client sign-in: a bearer token',
    body: tokenLoginInputSchema,
    answer: '`{token, token_type, expires_at, user}`',
  },
  'POST /api/logout': { tag: 'Auth', summary: 'Revokes the bearer token (or the session)', response: successSchema },
  'POST /api/register': { tag: 'Auth', summary: 'Create an account', body: registerInputSchema, answer: '`{success, message, user}`' },
  'GET /api/user-session': { tag: 'Auth', summary: 'Who is signed in', answer: '`{authenticated, user?}`' },
  'GET /api/user': { tag: 'Auth', summary: 'The signed-in user', access: 'user', answer: 'The user' },
  'GET /api/captcha/config': { tag: 'Auth', summary: 'Human verification provider and its public settings', answer: '`{provider, …}`' },
  'GET /api/captcha/challenge': { tag: 'Auth', summary: 'A fresh ALTCHA challenge', answer: 'ALTCHA challenge JSON' },
  // Watchlist
  'GET /api/watchlist': { tag: 'Watchlist', summary: 'Watched lots, paged', access: 'user', query: watchlistQuerySchema, response: watchlistPageSchema },
  'POST /api/watchlist': { tag: 'Watchlist', summary: 'Watch a lot', access: 'user', body: addToWatchlistInputSchema, response: watchlistChangeResultSchema },
  'DELETE /api/watchlist/:id': { tag: 'Watchlist', summary: 'Stop watching a lot', access: 'user', params: idParam, response: watchlistChangeResultSchema },
  'GET /api/watchlist/check/:id': { tag: 'Watchlist', summary: 'Is this lot watched?', access: 'user', params: idParam, response: watchlistCheckSchema },
  'GET /api/watchlist/count': { tag: 'Watchlist', summary: 'How many lots are watched', access: 'user', response: watchlistCountSchema },
  'GET /api/watchlist/ids': { tag: 'Watchlist', summary: 'Ids of watched lots', access: 'user', response: watchlistIdsSchema },
  // Bid dashboard
  'GET /api/bid-dashboard': { tag: 'Dashboard', summary: 'Bid dashboard: active bids, history, stats', access: 'user', response: dashboardResponseSchema },
  'GET /api/bid-dashboard/active-bids': {
    tag: 'Dashboard',
    summary: 'Active bids, paged',
    access: 'user',
    query: dashboardListQuerySchema,
    response: pagedDashboardBidsSchema,
  },
  'GET /api/bid-dashboard/bid-history': {
    tag: 'Dashboard',
    summary: 'Bid history, paged',
    access: 'user',
    query: dashboardListQuerySchema,
    response: pagedDashboardBidsSchema,
  },
  'GET /api/bid-dashboard/stats': { tag: 'Dashboard', summary: 'Bid statistics', access: 'user', response: dashboardStatsSchema },
  // Cart and checkout
  'GET /api/cart': { tag: 'Cart', summary: 'The cart (user or guest)', response: getCartResponseSchema },
  'GET /api/cart/items': { tag: 'Cart', summary: 'The cart with its customer', answer: 'The cart plus `customer`' },
  'POST /cart/add/:id': { tag: 'Cart', summary: 'Add a lot to the cart', params: idParam, body: cartAddInputSchema, response: cartChangeSchema },
  'DELETE /cart/remove/:id': { tag: 'Cart', summary: 'Remove a lot from the cart', params: idParam, response: cartChangeSchema },
  'PATCH /cart/update/:id': { tag: 'Cart', summary: 'Change a quantity', params: idParam, body: cartUpdateInputSchema, response: cartChangeSchema },
  'POST /api/cart/clear': { tag: 'Cart', summary: 'Empty the cart', response: cartChangeSchema },
  'POST /api/cart/validate': { tag: 'Cart', summary: 'Check the cart before checkout', body: cartValidateInputSchema, response: cartValidateResponseSchema },
  'GET /add-to-cart/:id': {
    tag: 'Cart',
    summary: 'Link form of add to cart (redirects to the cart or checkout)',
    params: idParam,
    status: '303',
    answer: 'Redirect',
  },
  'GET /remove-from-cart/:id': {
    tag: 'Cart',
    summary: 'Link form of remove from cart (redirects to the cart)',
    params: idParam,
    status: '303',
    answer: 'Redirect',
  },
  'POST /dpopay/checkout-payment': {
    tag: 'Checkout',
    summary: 'Place the order and pay with DPO Pay',
    body: checkoutInputSchema,
    response: dpoCheckoutResponseSchema,
  },
  'POST /checkout/cash': { tag: 'Checkout', summary: 'Place the order, cash on delivery', body: checkoutInputSchema, response: cashCheckoutResponseSchema },
  'GET /api/payments/result': {
    tag: 'Checkout',
    summary: 'Outcome of a payment when the buyer comes back from DPO Pay',
    query: z.object({ CompanyRef: z.string() }).catchall(z.string()),
    response: paymentResultSchema,
  },
  // Account
  'POST /profile': { tag: 'Profile', summary: 'Update the profile', access: 'user', body: profileInputSchema, answer: '`{success, message, user}`' },
  'GET /api/me/billing-address': { tag: 'Profile', summary: 'Saved billing address', access: 'user', answer: 'The address or null' },
  'POST /api/me/billing-address': {
    tag: 'Profile',
    summary: 'Save the billing address',
    access: 'user',
    body: billingAddressInputSchema,
    answer: '`{success, address}`',
  },
  'GET /api/me/profile-summary': { tag: 'Profile', summary: 'Counts for the profile page', access: 'user', answer: 'Summary figures' },
  'GET /api/my/draft-orders': { tag: 'Profile', summary: 'Purchase history, paged', access: 'user', query: draftOrdersQuerySchema, answer: '`{data, meta}`' },
  'GET /api/my/draft-orders/:id': { tag: 'Profile', summary: 'One order of the purchase history', access: 'user', params: idParam, answer: 'The order' },
  'POST /api/newsletter': { tag: 'Profile', summary: 'Subscribe to the newsletter', body: newsletterInputSchema, answer: '`{success, message}`' },
  // Live auction registration
  'GET /session/check-subscription/:auctionTypeId': {
    tag: 'Registration',
    summary: 'May the signed-in user bid in this live auction?',
    params: z.object({ auctionTypeId: z.coerce.number().int().positive() }),
    response: subscriptionCheckSchema,
  },
  'GET /api/live-auctions-session': { tag: 'Registration', summary: 'Live auctions one may register for', access: 'user', answer: '`{data}`' },
  'POST /register-bid': {
    tag: 'Registration',
    summary: 'Register for a live auction (deposit reference)',
    access: 'user',
    body: registerBidInputSchema,
    bodyType: 'multipart/form-data',
    answer: '`{success, message}`',
  },
  // Operators
  'GET /api/admin/subscriptions': {
    tag: 'Operators',
    summary: 'Registrations by status',
    access: 'admin',
    query: z.object({ status: z.string().optional() }),
    answer: '`{data}`',
  },
  'POST /api/admin/subscriptions/:id/approve': {
    tag: 'Operators',
    summary: 'Approve a registration',
    access: 'admin',
    params: idParam,
    answer: '`{success, message, status}`',
  },
  'POST /api/admin/subscriptions/:id/decline': {
    tag: 'Operators',
    summary: 'Decline a registration with a reason',
    access: 'admin',
    params: idParam,
    body: declineSubscriptionInputSchema,
    answer: '`{success, message, status}`',
  },
  'GET /api/admin/orders': {
    tag: 'Operators',
    summary: 'Orders by state',
    access: 'admin',
    query: adminOrdersQuerySchema,
    answer: '`{data: AdminOrderView[], …}`',
  },
  'POST /api/admin/orders/:id/cash-received': {
    tag: 'Operators',
    summary: 'Mark a cash order paid',
    access: 'admin',
    params: idParam,
    response: z.object({ order: adminOrderViewSchema }).catchall(z.unknown()),
  },
  'POST /api/admin/orders/:id/payment-received': {
    tag: 'Operators',
    summary: "Record a won auction order's payment (cash received or bank transfer confirmed)",
    access: 'admin',
    params: idParam,
    body: recordWonOrderPaymentInputSchema,
    answer: '`{success, message, data: AdminOrderView}`; 409 when already paid',
  },
  'GET /api/admin/invoices': {
    tag: 'Operators',
    summary: "Buyers' invoices for sales: by sale, unpaid / overdue / paid, searched by invoice number or buyer",
    access: 'admin',
    query: adminInvoicesQuerySchema,
    response: adminInvoicePageSchema,
  },
  'POST /api/admin/invoices/:id/lots/:itemId': {
    tag: 'Operators',
    summary: 'Take an unpaid lot off its invoice: offer it to the next bidder at their bid (second chance) or release it to relist',
    access: 'admin',
    params: z.object({ id: z.coerce.number().int().positive(), itemId: z.coerce.number().int().positive() }),
    body: reofferLotInputSchema,
    answer: '`{success, message, item_id, from_order, to_order}`; 409 when paid, a DPO payment is under way, or nobody else bid',
  },
  'GET /api/orders/won-lot/:id': {
    tag: 'Checkout',
    summary: "The signed-in winner's order of a won lot (to pay it)",
    access: 'user',
    params: idParam,
    answer: '`{id, order_reference, status, payment_method, payment_status, amount, dpo_accepts, due_at, lot_count}`: the invoice collecting the lot',
  },
  'POST /api/orders/:id/pay': {
    tag: 'Checkout',
    summary: "Pay a won auction's order: DPO Pay (at most MK 999,999.99), cash at the office or bank transfer",
    access: 'user',
    params: idParam,
    body: payWonOrderInputSchema,
    answer: '`{success, method, order_reference, amount, currency, message, payment_url}`',
  },
  'POST /api/admin/orders/:id/cancel': {
    tag: 'Operators',
    summary: 'Cancel an order with a reason',
    access: 'admin',
    params: idParam,
    body: cancelOrderInputSchema,
    response: z.object({ order: adminOrderViewSchema }).catchall(z.unknown()),
  },
  'GET /api/admin/adverts': { tag: 'Operators', summary: 'Every advert', access: 'admin', answer: '`{adverts}`' },
  'POST /api/admin/adverts': {
    tag: 'Operators',
    summary: 'Create an advert (image upload)',
    access: 'admin',
    body: advertInputSchema,
    bodyType: 'multipart/form-data',
    answer: 'The advert',
  },
  'PATCH /api/admin/adverts/:id': {
    tag: 'Operators',
    summary: 'Change an advert',
    access: 'admin',
    params: idParam,
    body: advertPatchSchema,
    bodyType: 'multipart/form-data',
    answer: 'The advert',
  },
  'POST /api/admin/adverts/:id/end': { tag: 'Operators', summary: 'End an advert now', access: 'admin', params: idParam, answer: 'The advert' },
  'GET /api/admin/sales': {
    tag: 'Sales',
    summary: 'Every sale (drafts too), newest first, with its figures',
    access: 'admin',
    query: adminSalesQuerySchema,
    response: z.object({ data: z.array(saleViewSchema) }),
  },
  'POST /api/admin/sales': {
    tag: 'Sales',
    summary: 'Create a sale (a draft until published)',
    access: 'admin',
    body: saleInputSchema,
    status: '201',
    response: successSchema.extend({ data: saleViewSchema }),
  },
  'GET /api/admin/sales/:id/results': {
    tag: 'Sales',
    summary: "A sale's results: lots sold and unsold, hammer, premium and VAT totals, sell-through, top lots",
    access: 'admin',
    params: idParam,
    response: z.object({ data: saleResultsSchema }),
  },
  'GET /api/admin/sales/:id/results.csv': {
    tag: 'Sales',
    summary: "A sale's results as CSV, one row per lot",
    access: 'admin',
    params: idParam,
    responseType: 'text/csv',
    answer: 'CSV',
  },
  'GET /api/admin/sales/:id': { tag: 'Sales', summary: 'A sale and all its lots in lot order', access: 'admin', params: idParam, response: saleDetailSchema },
  'PATCH /api/admin/sales/:id': {
    tag: 'Sales',
    summary: "Edit a sale (a new end or stagger moves its lots' closes)",
    access: 'admin',
    params: idParam,
    body: salePatchSchema,
    response: successSchema.extend({ data: saleViewSchema }),
  },
  'POST /api/admin/sales/:id/publish': {
    tag: 'Sales',
    summary: 'Publish a draft sale (bidders see it; its lots take bids and close)',
    access: 'admin',
    params: idParam,
    response: successSchema.extend({ data: saleViewSchema }),
  },
  'GET /api/admin/live/:saleId': {
    tag: 'Live sale room',
    summary: "The live room as the clerk's console sees it (bidders' names, reserves) and the sale's lots in order",
    access: 'admin',
    params: z.object({ saleId: z.coerce.number().int().positive() }),
    response: liveConsoleSchema,
  },
  'POST /api/admin/live/:saleId/:action': {
    tag: 'Live sale room',
    summary:
      "A clerk's action: open {lot_id?}, floor-bid {paddle?}, fair-warning, sold, pass, undo, next, pause, resume, lock, unlock, message {text}. Refused actions are 409 {message}",
    access: 'admin',
    params: z.object({ saleId: z.coerce.number().int().positive(), action: z.enum(LIVE_ACTIONS) }),
    body: liveFloorBidInputSchema.extend(liveOpenInputSchema.shape).extend({ text: z.string().max(200).optional() }),
    response: liveConsoleSchema,
  },
  'PATCH /api/admin/sales/:id/lots': {
    tag: 'Sales',
    summary: "Put a sale's lots in a new order (lot numbers and staggered closes follow)",
    access: 'admin',
    params: idParam,
    body: saleLotsOrderSchema,
    response: successSchema.extend({ data: z.array(saleLotSchema) }),
  },
  'GET /api/admin/lots': {
    tag: 'Lots',
    summary: 'Every lot (withdrawn, sold and unsold too), newest first: search, filters, paging',
    access: 'admin',
    query: adminLotsQuerySchema,
    response: lotsPageSchema,
  },
  'POST /api/admin/lots': {
    tag: 'Lots',
    summary: 'Create a lot in a sale',
    access: 'admin',
    body: lotInputSchema,
    status: '201',
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'POST /api/admin/lots/bulk': {
    tag: 'Lots',
    summary: 'Withdraw several lots (with a reason) or move them to a sale, all or none',
    access: 'admin',
    body: bulkLotsSchema,
    response: successSchema.extend({ data: z.object({ ids: z.array(z.number()) }) }),
  },
  'POST /api/admin/lots/import': {
    tag: 'Lots',
    summary: 'Import a catalogue CSV (and pictures named {code}.jpg, {code}_2.jpg): all rows or none; dry_run=1 previews',
    access: 'admin',
    body: z.object({
      file: z.string().meta({ format: 'binary', description: "CSV with the template's columns; code keys each row" }),
      'images[]': z.array(z.string().meta({ format: 'binary' })).optional(),
      dry_run: z.enum(['0', '1']).optional(),
    }),
    bodyType: 'multipart/form-data',
    status: '201',
    response: importResultSchema,
  },
  'GET /api/admin/lots/import/template': {
    tag: 'Lots',
    summary: 'The catalogue CSV template: the columns and an example row',
    access: 'admin',
    responseType: 'text/csv',
    answer: 'CSV',
  },
  'GET /api/admin/lots/export': {
    tag: 'Lots',
    summary: "Lots as CSV (the import's columns, then lot number, status, bids, hammer price), one sale's or all",
    access: 'admin',
    query: catalogueExportQuerySchema,
    responseType: 'text/csv',
    answer: 'CSV',
  },
  'GET /api/admin/lots/:id': {
    tag: 'Lots',
    summary: 'A lot with every field and its pictures',
    access: 'admin',
    params: idParam,
    response: z.object({ data: lotViewSchema }),
  },
  'PATCH /api/admin/lots/:id': {
    tag: 'Lots',
    summary: 'Edit a lot (the fields sent)',
    access: 'admin',
    params: idParam,
    body: lotPatchSchema,
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'POST /api/admin/lots/:id/withdraw': {
    tag: 'Lots',
    summary: 'Withdraw a lot with a reason (it leaves the listing; its leading bidder is told)',
    access: 'admin',
    params: idParam,
    body: withdrawLotSchema,
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'POST /api/admin/lots/:id/duplicate': {
    tag: 'Lots',
    summary: 'Copy a lot (fields and pictures) into a new lot of the same sale',
    access: 'admin',
    params: idParam,
    status: '201',
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'POST /api/admin/lots/:id/relist': {
    tag: 'Lots',
    summary: 'Relist an unsold lot as a new lot in a sale',
    access: 'admin',
    params: idParam,
    body: relistLotSchema,
    status: '201',
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'POST /api/admin/lots/:id/images': {
    tag: 'Lots',
    summary: 'Upload pictures (field images[], many at once; at most 15 MB and 40 megapixels each), stored as WebP and AVIF at 320, 800 and 1600 px',
    access: 'admin',
    params: idParam,
    body: z.object({ 'images[]': z.array(z.string().describe('a picture file (binary)')) }),
    bodyType: 'multipart/form-data',
    status: '201',
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'PATCH /api/admin/lots/:id/images': {
    tag: 'Lots',
    summary: "Put a lot's pictures in a new order and/or choose the cover",
    access: 'admin',
    params: idParam,
    body: lotImagesPatchSchema,
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'DELETE /api/admin/lots/:id/images/:imageId': {
    tag: 'Lots',
    summary: 'Delete one picture of a lot',
    access: 'admin',
    params: z.object({ id: z.coerce.number().int().positive(), imageId: z.coerce.number().int().positive() }),
    response: successSchema.extend({ data: lotViewSchema }),
  },
  'GET /api/sales/:id': { tag: 'Sales', summary: 'A published sale as bidders see it', params: idParam, response: z.object({ data: publicSaleSchema }) },
  'GET /api/sales/:id/lots': {
    tag: 'Sales',
    summary: "A published sale's lots in lot order (one page)",
    params: idParam,
    query: saleLotsQuerySchema,
    response: saleLotsPageSchema,
  },
  'GET /api/admin/overview': {
    tag: 'Operators',
    summary: "The operator's home: open lots, bids in the last hour, registrations waiting, unpaid orders, failed jobs, bids per minute",
    access: 'admin',
    response: overviewSchema,
  },
  'GET /api/admin/users': {
    tag: 'Bidders',
    summary: 'Users, newest first, found by name, e-mail, phone, registration reference or id',
    access: 'admin',
    query: adminBiddersQuerySchema,
    response: bidderPageSchema,
  },
  'GET /api/admin/users/:id': {
    tag: 'Bidders',
    summary: "A bidder's page: profile, roles, block, spending limit, registrations, bids, wins, unpaid orders",
    access: 'admin',
    params: idParam,
    response: bidderDetailSchema,
  },
  'PATCH /api/admin/users/:id': {
    tag: 'Bidders',
    summary: "Set a bidder's spending limit (null: none); bids above it are refused with 403",
    access: 'admin',
    params: idParam,
    body: bidderPatchSchema,
    response: bidderActionResultSchema,
  },
  'POST /api/admin/users/:id/block': {
    tag: 'Bidders',
    summary: "Block a bidder's bidding, with a reason (their leads stand)",
    access: 'admin',
    params: idParam,
    body: blockBidderInputSchema,
    response: bidderActionResultSchema,
  },
  'POST /api/admin/users/:id/unblock': {
    tag: 'Bidders',
    summary: 'Let a blocked bidder bid again',
    access: 'admin',
    params: idParam,
    response: bidderActionResultSchema,
  },
  'POST /api/admin/users/:id/roles': {
    tag: 'Bidders',
    summary: 'Grant or revoke the admin role (the last admin keeps it: 409)',
    access: 'admin',
    params: idParam,
    body: bidderRoleInputSchema,
    response: bidderActionResultSchema,
  },
  'GET /api/admin/pages': { tag: 'Operators', summary: 'Terms of sale and Privacy pages', access: 'admin', answer: '`{pages}`' },
  'PUT /api/admin/pages/:slug': {
    tag: 'Operators',
    summary: 'Replace a page',
    access: 'admin',
    params: z.object({ slug: sitePageSlugSchema }),
    body: sitePageInputSchema,
    answer: 'The page',
  },
  'POST /api/password/forgot': {
    tag: 'Auth',
    summary: 'Mail a link to choose a new password (the same answer whether or not the address has an account)',
    body: forgotPasswordInputSchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
  },
  'POST /api/password/reset': {
    tag: 'Auth',
    summary: 'Choose a new password with a mailed link (once, within 60 minutes); every session and token is revoked',
    body: resetPasswordInputSchema,
    response: z.object({ success: z.literal(true), message: z.string() }),
  },
  'GET /api/notifications': {
    tag: 'Notifications',
    summary: 'Your notifications, newest first, with the unread count',
    access: 'user',
    query: listNotificationsQuerySchema,
    response: notificationsPageSchema,
  },
  'POST /api/notifications/read': {
    tag: 'Notifications',
    summary: 'Mark notifications read (some ids, or all)',
    access: 'user',
    body: markNotificationsReadInputSchema,
    response: markNotificationsReadResultSchema,
  },
  'GET /api/notifications/unsubscribe': {
    tag: 'Notifications',
    summary: "An e-mail's unsubscribe link: a page asking to confirm",
    query: z.object({ token: z.string() }),
    answer: 'An HTML page (400 for a bad token)',
    responseType: 'text/html',
  },
  'POST /api/notifications/unsubscribe': {
    tag: 'Notifications',
    summary: 'Unsubscribe from one kind of e-mail (signed token; one-click from mail clients, RFC 8058)',
    query: z.object({ token: z.string() }),
    answer: 'An HTML page (400 for a bad token)',
    responseType: 'text/html',
  },
  'GET /api/notifications/preferences': {
    tag: 'Notifications',
    summary: 'Your notification channels per kind of notification, and the number SMS go to',
    access: 'user',
    response: notificationPreferencesSchema,
  },
  'PATCH /api/notifications/preferences': {
    tag: 'Notifications',
    summary: 'Turn e-mail or SMS on or off for one kind of notification',
    access: 'user',
    body: notificationPreferenceInputSchema,
    response: notificationPreferencesSchema,
  },
  'GET /api/push/key': {
    tag: 'Notifications',
    summary: 'The public VAPID key browsers subscribe to web push with (404 when push is off)',
    response: z.object({ public_key: z.string() }),
  },
  'POST /api/push/subscriptions': {
    tag: 'Notifications',
    summary: "Turn push on in this browser: its PushSubscription's JSON",
    access: 'user',
    body: pushSubscriptionInputSchema,
    status: '201',
    response: successSchema,
  },
  'DELETE /api/push/subscriptions': {
    tag: 'Notifications',
    summary: 'Turn push off in this browser',
    access: 'user',
    body: pushUnsubscribeInputSchema,
    response: z.object({ success: z.literal(true), removed: z.boolean() }),
  },
  'GET /api/saved-searches': {
    tag: 'Notifications',
    summary: 'Your saved searches, with how often each matched a new lot',
    access: 'user',
    response: z.object({ data: z.array(savedSearchViewSchema) }),
  },
  'POST /api/saved-searches': {
    tag: 'Notifications',
    summary: "Save a listing search: a name, the listing's query parameters and instant or daily alerts",
    access: 'user',
    body: createSavedSearchInputSchema,
    status: '201',
    response: savedSearchViewSchema,
  },
  'PATCH /api/saved-searches/:id': {
    tag: 'Notifications',
    summary: 'Rename, change, pause or resume a saved search',
    access: 'user',
    params: idParam,
    body: updateSavedSearchInputSchema,
    response: savedSearchViewSchema,
  },
  'DELETE /api/saved-searches/:id': {
    tag: 'Notifications',
    summary: 'Delete a saved search',
    access: 'user',
    params: idParam,
    status: '204',
    answer: 'No content',
  },
  'GET /i/:id': {
    tag: 'Notifications',
    summary: "The short link of text messages: redirects to the lot's page",
    params: idParam,
    status: '302',
    answer: 'A redirect to /item/{id}',
    responseType: 'text/plain',
  },
  'GET /api/admin/outbox': {
    tag: 'Operators',
    summary: 'Mails and SMS kept without a mail server or SMS provider, newest first',
    access: 'admin',
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
    response: z.object({ data: z.array(outboxMessageSchema) }),
  },
  'GET /api/admin/settings': { tag: 'Operators', summary: 'Site settings', access: 'admin', answer: 'The settings' },
  'PATCH /api/admin/settings': { tag: 'Operators', summary: 'Change site settings', access: 'admin', body: siteSettingsPatchSchema, answer: 'The settings' },
  'GET /api/site/contact': {
    tag: 'Pages',
    summary: "The auctioneer's contact details and office hours (About page, footer, invoices); cacheable for a minute",
    response: z.object({ data: auctioneerContactViewSchema }),
  },
  'GET /api/admin/newsletter/subscribers.csv': {
    tag: 'Operators',
    summary: 'Newsletter subscribers still subscribed, oldest first, as CSV (email, name, subscribed_at, source)',
    access: 'admin',
    responseType: 'text/csv',
    answer: 'CSV',
  },
  'GET /api/admin/bid-increments': { tag: 'Operators', summary: 'Increment tables', access: 'admin', answer: 'The tables' },
  'PUT /api/admin/bid-increments': {
    tag: 'Operators',
    summary: 'Replace an increment table',
    access: 'admin',
    body: incrementTableInputSchema,
    answer: 'The table',
  },
  'GET /api/admin/items/:id/bids': { tag: 'Operators', summary: "A lot's bids with bidders", access: 'admin', params: idParam, answer: '`{data}`' },
  'POST /api/admin/bids/:id/retract': {
    tag: 'Operators',
    summary: 'Retract a bid with a reason',
    access: 'admin',
    params: idParam,
    body: retractBidInputSchema,
    answer: 'The lot after retraction',
  },
  'GET /api/admin/audit': {
    tag: 'Operators',
    summary: 'Audit trail (the event log), filtered and paged',
    access: 'admin',
    query: auditQuerySchema,
    response: auditPageSchema,
  },
  // Service
  'GET /healthz': { tag: 'Service', summary: 'Process is up', response: z.object({ status: z.literal('ok') }) },
  'GET /readyz': {
    tag: 'Service',
    summary: 'Database and Redis answer (503 otherwise); closed to the public behind nginx',
    answer: '`{status, database, redis}`',
  },
  'GET /metrics': {
    tag: 'Service',
    summary: 'Prometheus metrics of this process; closed to the public behind nginx',
    responseType: 'text/plain',
    answer: 'Prometheus text format',
  },
  'GET /api/openapi.json': { tag: 'Service', summary: 'This document', answer: 'OpenAPI 3.1 JSON' },
  'GET /api/docs': { tag: 'Service', summary: 'This document, rendered', responseType: 'text/html', answer: 'HTML page' },
};

/** One Socket.IO event as the document lists it (`x-socket-events`). */
interface SocketEventDoc {
  direction: 'client → server' | 'server → client';
  audience: string;
  payload: z.ZodType | null;
  ack?: string;
}

const ackSchema = z.object({ ok: z.boolean(), error: z.string().optional() });

/** The Socket.IO events (namespace `/`) and their payload schemas. Source: DESIGN.md socket contract; shared/events.ts. */
export const SOCKET_EVENTS: Record<string, SocketEventDoc> = {
  'item:subscribe': {
    direction: 'client → server',
    audience: 'joins room item:{id}; with after_bid_id, first sends the bids missed since (bid:placed, in order) and auction:closed',
    payload: itemRoomPayloadSchema,
    ack: '{ok, error?, replayed?, reload?}',
  },
  'item:unsubscribe': { direction: 'client → server', audience: 'leaves room item:{id}', payload: itemRoomPayloadSchema, ack: '{ok, error?}' },
  'admin:orders:subscribe': { direction: 'client → server', audience: 'admin role: joins admin:orders', payload: null, ack: '{ok, error?}' },
  'admin:orders:unsubscribe': { direction: 'client → server', audience: 'leaves admin:orders', payload: null, ack: '{ok, error?}' },
  'bid:placed': { direction: 'server → client', audience: 'room item:{id}', payload: bidPlacedEventSchema },
  'bid:outbid': { direction: 'server → client', audience: 'room user:{id} of the previous leader', payload: bidOutbidEventSchema },
  'auction:closed': { direction: 'server → client', audience: "room item:{id} and the winner's user:{id}", payload: auctionClosedEventSchema },
  'item:updated': { direction: 'server → client', audience: 'room item:{id}', payload: itemSchema },
  'watchlist:count': { direction: 'server → client', audience: 'room user:{id}', payload: watchlistCountEventSchema },
  'cart:updated': { direction: 'server → client', audience: "room of the cart's owner", payload: cartSnapshotSchema },
  'advert:updated': { direction: 'server → client', audience: 'everyone', payload: z.object({ adverts: z.array(anyObject) }) },
  'subscription:updated': { direction: 'server → client', audience: 'room user:{id} of the registrant', payload: subscriptionUpdatedEventSchema },
  'time:sync': { direction: 'server → client', audience: 'the socket, on connect', payload: timeSyncEventSchema },
  'order:updated': { direction: 'server → client', audience: 'room admin:orders', payload: orderUpdatedEventSchema },
  'notification:new': { direction: 'server → client', audience: 'room user:{id} of the notified user', payload: notificationNewEventSchema },
  'live:join': {
    direction: 'client → server',
    audience: 'anyone: joins room sale:{id} (operators also sale:{id}:clerks)',
    payload: liveJoinInputSchema,
    ack: '{ok, state, viewer: {user_id, can_bid, registration}} or {ok: false, message}',
  },
  'live:leave': { direction: 'client → server', audience: 'leaves room sale:{id}', payload: liveJoinInputSchema, ack: '{ok}' },
  'live:bid': {
    direction: 'client → server',
    audience: 'approved registrants of the sale: an online bid at the asking price, idempotent by its key',
    payload: liveBidInputSchema,
    ack: '{ok, leading} or {ok: false, message}',
  },
  'live:state': { direction: 'server → client', audience: 'room sale:{id} (operators: names and reserves)', payload: liveStateSchema },
  'notification:read': {
    direction: 'server → client',
    audience: 'room user:{id} (their other tabs)',
    payload: z.object({ ids: z.union([z.array(z.number()), z.literal('all')]), unread: z.number() }),
  },
};

const ACCESS_TEXT: Record<Access, string> = {
  public: '',
  user: 'Signed in (session cookie with X-XSRF-TOKEN on changes, or `Authorization: Bearer`). ',
  admin: 'Operators only (admin role). ',
};

/** `/ajax-item/:id` → `/ajax-item/{id}` (OpenAPI path template). */
export function toOpenApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

function operationOf(route: RouteDoc): ZodOpenApiOperationObject {
  const status = route.status ?? '200';
  const success = route.response
    ? { description: route.answer ?? 'OK', content: { 'application/json': { schema: route.response } } }
    : route.responseType
      ? { description: route.answer ?? 'OK', content: { [route.responseType]: { schema: z.string() } } }
      : { description: route.answer ?? 'OK', ...(status === '303' || status === '204' ? {} : { content: { 'application/json': { schema: anyObject } } }) };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
  const access = route.access ?? 'public';
  return {
    tags: [route.tag],
    summary: route.summary,
    description: ACCESS_TEXT[access].trim() || undefined,
    ...(route.query || route.params
      ? { requestParams: { ...(route.query ? { query: route.query } : {}), ...(route.params ? { path: route.params } : {}) } }
      : {}),
    ...(route.body ? { requestBody: { required: true, content: { [route.bodyType ?? 'application/json']: { schema: route.body } } } } : {}),
    responses: {
      [status]: success,
      ...(route.body || route.query || route.params ? { '422': error('Invalid input: `errors` names each field') } : {}),
      ...(access !== 'public' ? { '401': error('Not signed in') } : {}),
      ...(access === 'admin' ? { '403': error('Not an operator') } : {}),
    },
  };
}

const SOCKET_TAG_TEXT = [
  'Socket.IO on namespace `/` (websocket transport first), signed in by the session cookie or `auth: {token}`.',
  'Payload schemas are under `x-socket-events` in `/api/openapi.json` and as `Socket…` schemas below.',
  '',
  '| event | direction | who / room | payload schema |',
  '|---|---|---|---|',
  ...Object.entries(SOCKET_EVENTS).map(
    ([name, e]) => `| \`${name}\` | ${e.direction} | ${e.audience} | ${e.payload ? `\`${socketSchemaId(name)}\`` : '—'}${e.ack ? `, ack \`${e.ack}\`` : ''} |`,
  ),
].join('\n');

function socketSchemaId(event: string): string {
  return `Socket_${event.replace(/:(\w)/g, (_m, c: string) => `_${c}`)}`;
}

let cached: Record<string, unknown> | null = null;

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the shared zod schemas by zod-openapi,
 * with the Socket.IO events and their payload JSON Schemas under `x-socket-events` (also listed in
 * the "Socket.IO events" tag). Built once, then cached. Source: issue 19.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const [key, route] of Object.entries(API_ROUTES)) {
    const [method, expressPath] = key.split(' ') as [string, string];
    const p = toOpenApiPath(expressPath);
    paths[p] = { ...paths[p], [method.toLowerCase()]: operationOf(route) };
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Gavel API',
      version: '1',
      description:
        'The HTTP calls of Gavel (auction marketplace). Browsers use the session cookie and send the `XSRF-TOKEN` cookie back as `X-XSRF-TOKEN` on changes (a wrong or missing token is 419); API clients send `Authorization: Bearer` from `POST /api/login`. Validation failures are 422 `{message, errors}`.',
    },
    tags: [...[...new Set(Object.values(API_ROUTES).map((r) => r.tag))].map((name) => ({ name })), { name: 'Socket.IO events', description: SOCKET_TAG_TEXT }],
    paths,
  }) as unknown as Record<string, unknown>;
  const socketEvents: Record<string, unknown> = {};
  const components = (document.components ??= {}) as Record<string, Record<string, unknown>>;
  const schemas = (components.schemas ??= {});
  for (const [name, e] of Object.entries(SOCKET_EVENTS)) {
    const payload = e.payload ? createSchema(e.payload, { io: e.direction === 'client → server' ? 'input' : 'output' }) : null;
    if (payload) {
      Object.assign(schemas, payload.components ?? {});
      schemas[socketSchemaId(name)] = payload.schema;
    }
    socketEvents[name] = {
      direction: e.direction === 'client → server' ? 'client-to-server' : 'server-to-client',
      audience: e.audience,
      payload: payload ? { $ref: `#/components/schemas/${socketSchemaId(name)}` } : null,
      ...(e.ack ? { ack: createSchema(ackSchema).schema } : {}),
    };
  }
  document['x-socket-events'] = socketEvents;
  cached = document;
  return document;
}
