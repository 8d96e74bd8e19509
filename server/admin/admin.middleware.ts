import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../http/app-error.js';

/**
 * Middleware: only users with the `admin` role pass. Signed out → 401 'Unauthenticated.';
 * signed in without the role → 403 'This action is unauthorized.'. Source: issue 6 "Operators".
 */
export function requireAdmin(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const user = req.auth?.user;
    if (!user) throw AppError.unauthenticated();
    if (!user.roles.some((r) => r.name === 'admin')) throw AppError.forbidden();
    next();
  };
}
