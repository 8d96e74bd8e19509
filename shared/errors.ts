/** Machine-readable error codes shared by server and client. */
export type ErrorCode =
  'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'csrf_mismatch' | 'conflict' | 'rate_limited' | 'bid_rejected' | 'payment_failed' | 'internal';

/**
 * Error body every failing call answers: `{message, errors?}`; `errors` maps a field to its
 * messages (422). Bid rejections also carry `error` (the spec's client reads `error`) and `reason`.
 */
export interface ErrorResponse {
  message: string;
  error?: string;
  code?: ErrorCode;
  reason?: string;
  errors?: Record<string, string[]>;
}
