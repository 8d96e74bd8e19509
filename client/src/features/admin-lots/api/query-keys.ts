import type { LotsFilter } from './list-lots';

/**
 * Query keys of the Lots screens: a list key holds every filter and the page, so each
 * combination is cached on its own; `all` covers lists, lots and the form's choices.
 */
export const lotKeys = {
  all: ['admin', 'lots'] as const,
  lists: () => [...lotKeys.all, 'list'] as const,
  list: (filter: LotsFilter) => [...lotKeys.lists(), filter] as const,
  detail: (id: number) => [...lotKeys.all, 'detail', id] as const,
  saleChoices: () => [...lotKeys.all, 'sale-choices'] as const,
  branchChoices: () => [...lotKeys.all, 'branch-choices'] as const,
};
