import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError } from './app-error.js';

/**
 * Turns any error into the JSON answer `{message, errors?, code, ...extra}`. AppErrors keep
 * their status and safe message; CSRF failures are 419 'CSRF token mismatch.'; body-parser
 * errors are 400/413; anything else is logged and answered 500 without details.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof AppError) {
      res.status(err.status).json({ message: err.message, code: err.code, errors: err.errors, ...err.extra });
      return;
    }
    const e = err as { code?: string; status?: number; type?: string; message?: string };
    if (e.code === 'EBADCSRFTOKEN') {
      res.status(419).json({ message: 'CSRF token mismatch.', code: 'csrf_mismatch' });
      return;
    }
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'The request body is not valid JSON.', code: 'validation' });
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json({ message: 'The request body is too large.', code: 'validation' });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ message: 'Server error. Please try again later.', code: 'internal' });
  };
}

/** 404 JSON for unknown API paths. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found', code: 'not_found' });
};
