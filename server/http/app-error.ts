import type { ErrorCode } from '@shared/errors.js';

/** Seconds a client is told to wait (`Retry-After`) before trying a 503 request again. */
export const RETRY_AFTER_SECONDS = 5;

/** What a request answers while the database cannot be reached (503 `service_unavailable`). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The auction service cannot reach its database at the moment. Please try again in a few seconds.';

/**
 * The one error class of Gavel (HTTP, sockets and jobs). `status` is the HTTP status;
 * `errors` maps fields to messages for 422; `extra` is merged into the JSON body.
 * Operational errors (expected: bad input, lost race) have `isOperational` true; their
 * message is safe to show a user.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
    readonly isOperational = true,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** 422 with a field map (`{message, errors}`), message defaulting to the first field message. */
  static validation(errors: Record<string, string[]>, message?: string): AppError {
    const first = Object.values(errors).flat()[0];
    return new AppError(422, 'validation', message ?? first ?? 'The given data was invalid.', errors);
  }
  static unauthenticated(message = 'Unauthenticated.'): AppError {
    return new AppError(401, 'unauthenticated', message);
  }
  static forbidden(message = 'This action is unauthorized.', extra?: Record<string, unknown>): AppError {
    return new AppError(403, 'forbidden', message, undefined, extra);
  }
  static notFound(message = 'Not found'): AppError {
    return new AppError(404, 'not_found', message);
  }
  /**
   * 503 `service_unavailable`: something the server needs (its database) is out of reach for
   * now; the HTTP answer carries `Retry-After` ({@link RETRY_AFTER_SECONDS}, set by
   * `withRetryAfter`). Part of the fault hardening: an outage is not a 500.
   */
  static serviceUnavailable(message = DATABASE_UNAVAILABLE_MESSAGE): AppError {
    return new AppError(503, 'service_unavailable', message);
  }
}
