import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isDatabaseUnavailableError } from '../db/database-errors.js';
import { AppError } from './app-error.js';

/** The status and JSON body an error is answered with; `log` when it must be logged (500). */
export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  log: boolean;
}

/**
 * Maps any error to its answer `{message, errors?, code, ...extra}`: AppErrors keep their
 * status and safe message; a database that cannot be reached (refused or lost connection,
 * PostgreSQL shutting down or starting up, no pooled connection in time:
 * `isDatabaseUnavailableError`) is 503 `service_unavailable`, not logged per request (the pool
 * logs each lost connection once), and gets `Retry-After` from `withRetryAfter`; CSRF failures
 * are 419 'CSRF token mismatch.'; body-parser errors are 400/413/415; a PostgreSQL data
 * exception (class 22) is 400; any other error carrying a 4xx status keeps it with a generic
 * text; anything else is 500 without details (and to be logged). Source: issue 18 (abuse 5).
 */
export function errorAnswer(err: unknown): ErrorAnswer {
  if (!(err instanceof AppError) && isDatabaseUnavailableError(err)) err = AppError.serviceUnavailable();
  if (err instanceof AppError) {
    return { status: err.status, body: { message: err.message, code: err.code, errors: err.errors, ...err.extra }, log: false };
  }
  const e = err as { code?: string; status?: number; type?: string; message?: string };
  if (e.code === 'EBADCSRFTOKEN') return { status: 419, body: { message: 'CSRF token mismatch.', code: 'csrf_mismatch' }, log: false };
  if (e.type === 'entity.parse.failed') return { status: 400, body: { message: 'The request body is not valid JSON.', code: 'validation' }, log: false };
  if (e.type === 'entity.too.large') return { status: 413, body: { message: 'The request body is too large.', code: 'validation' }, log: false };
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return { status: 415, body: { message: 'The request body encoding is not supported.', code: 'validation' }, log: false };
  }
  if (e.type === 'parameters.too.many') return { status: 413, body: { message: 'The request has too many parameters.', code: 'validation' }, log: false };
  // PostgreSQL data exceptions (class 22: a value out of range, an invalid byte, a bad date):
  // the input was bad, whatever let it through.
  if (isPostgresDataException(err)) {
    return { status: 400, body: { message: 'The request contains a value that is out of range or not valid.', code: 'validation' }, log: false };
  }
  // Any other client error raised with a status (unreadable or compressed bodies, static file
  // paths): its status, a generic text.
  const status = e.status ?? (e as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 404) return { status, body: { message: 'Not found', code: 'not_found' }, log: false };
    if (status === 403) return { status, body: { message: 'This action is unauthorized.', code: 'forbidden' }, log: false };
    return { status, body: { message: 'The request could not be read.', code: 'validation' }, log: false };
  }
  return { status: 500, body: { message: 'Server error. Please try again later.', code: 'internal' }, log: true };
}

/** Whether `err` is a PostgreSQL error of SQLSTATE class 22 (data exception). */
function isPostgresDataException(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

/** Express error handler answering with {@link errorAnswer}; 500s are logged. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    const answer = errorAnswer(err);
    if (answer.log) logger.error({ err, reqId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(answer.status).json(answer.body);
  };
}

/** 404 JSON for unknown API paths. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found', code: 'not_found' });
};
