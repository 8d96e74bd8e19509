import type { SalesFilter } from './list-sales';

/**
 * Query keys of the Sales screens: a list key holds every filter, so each combination is cached
 * on its own; `all` covers lists, sales, their results and the branches.
 */
export const saleKeys = {
  all: ['admin', 'sales'] as const,
  lists: () => [...saleKeys.all, 'list'] as const,
  list: (filter: SalesFilter) => [...saleKeys.lists(), filter] as const,
  detail: (id: number) => [...saleKeys.all, 'detail', id] as const,
  results: (id: number) => [...saleKeys.all, 'results', id] as const,
  branches: () => [...saleKeys.all, 'branches'] as const,
};
