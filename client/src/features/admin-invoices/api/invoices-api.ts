import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminInvoicePageSchema, type AdminInvoicePage, type AdminInvoicesQuery, type ReofferLotInput } from '@shared/schemas/invoice.schema';
import type { RecordWonOrderPaymentInput } from '@shared/schemas/won-order-payment.schema';
import { apiGet, apiSend } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';
import { invoiceKeys } from './query-keys';

/**
 * `GET /api/admin/invoices?sale_id&status&search&page` → one page of buyers' invoices and the
 * unpaid / overdue / paid amounts. Rejects with the api client's error. Source: issue 13 "Settlement and results".
 */
export async function listInvoices(query: Partial<AdminInvoicesQuery>, signal?: AbortSignal): Promise<AdminInvoicePage> {
  const body = await apiGet(
    '/api/admin/invoices',
    { sale_id: query.sale_id, status: query.status, search: query.search?.trim() || undefined, page: query.page },
    { signal },
  );
  return adminInvoicePageSchema.parse(body);
}

/**
 * `POST /api/admin/orders/{id}/payment-received {method, reference?}`: records cash received at the
 * office or a bank transfer confirmed; the invoice becomes paid. @returns the server's message.
 * Rejects with the api client's error (409 when it is already paid).
 */
export async function recordInvoicePayment(invoiceId: number, input: RecordWonOrderPaymentInput): Promise<string> {
  const body = await apiSend('POST', `/api/admin/orders/${invoiceId}/payment-received`, input);
  return z.object({ message: z.string() }).parse(body).message;
}

/** The sales an operator can filter invoices by (`GET /api/admin/sales`), newest first: id and name. */
export async function listSaleNames(): Promise<{ id: number; name: string }[]> {
  const body = await apiGet('/api/admin/sales');
  return z
    .object({ data: z.array(z.object({ id: z.number(), name: z.string() })) })
    .parse(body)
    .data.map((s) => ({ id: s.id, name: s.name }));
}

/**
 * `POST /api/admin/invoices/{id}/lots/{itemId} {action, reason}`: takes an unpaid lot off its
 * invoice, offered to the next bidder at their bid or released unsold to relist. @returns the
 * server's message. Rejects with the api client's error (409: paid, DPO payment under way, nobody else bid).
 */
export async function reofferInvoiceLot(invoiceId: number, itemId: number, input: ReofferLotInput): Promise<string> {
  const body = await apiSend('POST', `/api/admin/invoices/${invoiceId}/lots/${itemId}`, input);
  return z.object({ message: z.string() }).parse(body).message;
}

/** One page of invoices as a query, keyed by every filter; the page shown stays while the next is read. */
export const invoicesQuery = (query: Partial<AdminInvoicesQuery>) =>
  queryOptions({
    ...operatorReadOptions,
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => listInvoices(query, signal),
    placeholderData: keepPreviousData,
  });

/** The sales to filter invoices by, as a query. */
export const saleNamesQuery = () => queryOptions({ ...operatorReadOptions, queryKey: invoiceKeys.saleNames(), queryFn: listSaleNames });

/** Records an invoice's payment ({@link recordInvoicePayment}); the invoice lists are read again. Resolves to the server's message. */
export function useRecordInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: number; input: RecordWonOrderPaymentInput }) => recordInvoicePayment(invoiceId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}

/** Takes a lot off an invoice ({@link reofferInvoiceLot}); the invoice lists are read again. Resolves to the server's message. */
export function useReofferInvoiceLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, itemId, input }: { invoiceId: number; itemId: number; input: ReofferLotInput }) => reofferInvoiceLot(invoiceId, itemId, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}
