/**
 * Machine-readable error codes shared by server and client. `service_unavailable` (503, with a
 * `Retry-After` header): a service the server needs (its database) is briefly out of reach;
 * the same request may succeed after the given seconds.
 */
export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'csrf_mismatch'
  | 'conflict'
  | 'rate_limited'
  | 'bid_rejected'
  | 'payment_failed'
  | 'service_unavailable'
  | 'internal';

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
