import { accountQueryKey } from '../../../lib/account-queries';

/** Query keys of the profile page's reads, all the signed-in user's. */
export const profileKeys = {
  /** `GET /api/me/billing-address`. */
  billingAddress: accountQueryKey('profile', 'billing-address'),
  /** `GET /api/me/profile-summary`. */
  summary: accountQueryKey('profile', 'summary'),
  /** `GET /api/my/draft-orders` for one page of one search. */
  orders: (params: { page: number; search: string; perPage: number }) => accountQueryKey('profile', 'orders', params),
  /** `GET /api/my/draft-orders/{id}`. */
  order: (id: number) => accountQueryKey('profile', 'order', id),
};
