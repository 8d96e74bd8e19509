import { Router } from 'express';
import type { Kysely } from 'kysely';
import { auditQuerySchema } from '@shared/schemas/audit.schema.js';
import { requireRole } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import { parseInput } from '../http/validate.js';
import { listAuditEvents } from './audit.repository.js';

/**
 * The operators' audit trail (admin role; 401 signed out, 403 without the role):
 * `GET /api/admin/audit?subject_type=&subject_id=&actor_id=&type=&page=&per_page=` →
 * `{data: [{id, type, subject_type, subject_id, subject_label, actor: {type, id, name, email},
 * payload, created_at}], meta}` newest first ({@link listAuditEvents}); 422 `{message, errors}`
 * on a bad query ({@link auditQuerySchema}).
 * Source: docs/architecture.md "Commands, events, audit".
 */
export function createAuditRouter(deps: { db: Kysely<Database> }): Router {
  const { db } = deps;
  const router = Router();

  router.get('/api/admin/audit', requireRole('admin'), async (req, res) => {
    const { page, per_page, ...filters } = parseInput(auditQuerySchema, req.query);
    res.json(await listAuditEvents(db, filters, { page, per_page }));
  });

  return router;
}
