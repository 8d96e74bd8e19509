import type { AdminOrderFilter } from '@shared/schemas/admin-order.schema';

/** The orders page a query reads: the status filter, the search (trimmed) and the page. */
export interface OrdersPageQuery {
  status: AdminOrderFilter;
  search: string;
  page: number;
}

/**
 * Query keys of the operators' screens in this feature (registrations, adverts, settings,
 * bidding, orders). A list key holds every filter and page it was read with, so each
 * combination is cached on its own; each `all` covers one screen's queries.
 */
export const registrationKeys = {
  all: ['admin', 'registrations'] as const,
  list: (status: string) => [...registrationKeys.all, status] as const,
};

/** Query keys of the Adverts screen: the adverts, and the live sales an advert can announce. */
export const advertKeys = {
  all: ['admin', 'adverts'] as const,
  liveSales: ['admin', 'advert-sales'] as const,
};

/** Query key of the site settings as operators see them. */
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
};

/** Query keys of the Bidding screen: the increment tables, and one lot's bids. */
export const biddingKeys = {
  increments: ['admin', 'bid-increments'] as const,
  lotBidsAll: ['admin', 'lot-bids'] as const,
  lotBids: (itemId: number) => [...biddingKeys.lotBidsAll, itemId] as const,
};

/** Query keys of the Orders screen. */
export const orderKeys = {
  all: ['admin', 'orders'] as const,
  pages: () => [...orderKeys.all, 'page'] as const,
  page: (query: OrdersPageQuery) => [...orderKeys.pages(), query] as const,
};
