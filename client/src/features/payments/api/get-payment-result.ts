import { useQuery } from '@tanstack/react-query';
import { paymentResultSchema, type PaymentResult } from '@shared/schemas/checkout.schema';
import { apiGet } from '../../../lib/api-client';

/**
 * `GET /api/payments/result?CompanyRef=` — the order as the server knows it after verifying a
 * pending DPO payment with the stored token. Rejects with ApiError (404 for someone else's order).
 */
export async function getPaymentResult(companyRef: string): Promise<PaymentResult> {
  return paymentResultSchema.parse(await apiGet('/api/payments/result', { CompanyRef: companyRef }));
}

/** Query keys of the payment pages: the order behind a `CompanyRef`. */
export const paymentKeys = {
  result: (companyRef: string) => ['payments', 'result', companyRef] as const,
};

/** The order behind `companyRef` as the server verified it ({@link getPaymentResult}); not read when `companyRef` is empty. */
export function usePaymentResult(companyRef: string) {
  return useQuery({ queryKey: paymentKeys.result(companyRef), queryFn: () => getPaymentResult(companyRef), enabled: companyRef !== '' });
}
