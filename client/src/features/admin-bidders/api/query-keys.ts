/**
 * Query keys of the Bidders screens: every list key holds its search and page, so each
 * combination the address can name is cached on its own; `all` covers lists and pages.
 */
export const bidderKeys = {
  all: ['admin', 'bidders'] as const,
  lists: () => [...bidderKeys.all, 'list'] as const,
  list: (query: { search: string; page: number }) => [...bidderKeys.lists(), query] as const,
  detail: (id: number) => [...bidderKeys.all, 'detail', id] as const,
};
