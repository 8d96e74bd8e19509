import type { AdminInvoicesQuery } from '@shared/schemas/invoice.schema';

/**
 * Query keys of the Invoices screen: a list key holds the sale, status, search and page the
 * address names, so each combination is cached on its own; `all` covers lists and sale names.
 */
export const invoiceKeys = {
  all: ['admin', 'invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (query: Partial<AdminInvoicesQuery>) => [...invoiceKeys.lists(), query] as const,
  saleNames: () => [...invoiceKeys.all, 'sale-names'] as const,
};
