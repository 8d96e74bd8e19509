import type { RequestHandler } from 'express';
import { AppError } from './app-error.js';

/** The text of a request refused for a NUL character. Source: issue 18 (abuse 5). */
export const NUL_REFUSED = 'The request contains a NUL character, which is not allowed.';

const MAX_DEPTH = 32;

/** Whether `value` (a parsed query or body: strings, arrays, plain objects) holds a NUL character in a key or a string. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses (400, {@link NUL_REFUSED}) a request whose path, query or parsed body carries a NUL
 * character: PostgreSQL's text types cannot hold one, and no form of Gavel's takes one. Mounted
 * after the body parsers. Source: issue 18 (abuse 5: NUL bytes reached the database).
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  const raw = req.originalUrl ?? req.url;
  if (/%00/i.test(raw) || raw.includes('\u0000') || containsNul(req.query) || containsNul(req.body)) {
    next(new AppError(400, 'validation', NUL_REFUSED));
    return;
  }
  next();
};

/** The messages of multipart upload failures, by the upload library's error code. */
const MULTIPART_MESSAGES: Record<string, { status: number; message: string }> = {
  LIMIT_FILE_SIZE: { status: 413, message: 'The file is too large.' },
  LIMIT_PART_COUNT: { status: 413, message: 'The form has too many parts.' },
  LIMIT_FIELD_COUNT: { status: 413, message: 'The form has too many fields.' },
  LIMIT_FIELD_KEY: { status: 413, message: 'A field name is too long.' },
  LIMIT_FIELD_VALUE: { status: 413, message: 'A field is too long.' },
  LIMIT_FILE_COUNT: { status: 413, message: 'Too many files.' },
  LIMIT_UNEXPECTED_FILE: { status: 400, message: 'A file was sent where none is expected.' },
};

/**
 * Wraps a multipart (upload) middleware so that every failure of reading the form is a clear 4xx
 * instead of a 500: the library's limits (413, or 400 for an unexpected file), and a malformed or
 * truncated body (400), and a field with a NUL character (400, {@link NUL_REFUSED}). Errors it
 * already raises as AppError (e.g. a wrong file type) pass through.
 * Source: issue 18 (abuse 5: multipart errors answered 500).
 */
export function readableMultipart(upload: RequestHandler): RequestHandler {
  return (req, res, next) => {
    upload(req, res, (err?: unknown) => {
      if (!err && containsNul(req.body)) return next(new AppError(400, 'validation', NUL_REFUSED));
      if (!err || err instanceof AppError) return next(err);
      const code = (err as { code?: string }).code;
      const known = code ? MULTIPART_MESSAGES[code] : undefined;
      if (known) return next(new AppError(known.status, 'validation', known.message));
      next(new AppError(400, 'validation', 'The form could not be read. Send it again.'));
    });
  };
}
