import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createSavedSearchInputSchema, updateSavedSearchInputSchema } from '@shared/schemas/saved-search.schema.js';
import { requireUser } from '../auth/auth.middleware.js';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { userActor } from '../events/domain-events.js';
import { parseInput } from '../http/validate.js';
import { createSavedSearch, deleteSavedSearch, updateSavedSearch } from './saved-searches.commands.js';
import { listSavedSearches } from './saved-searches.repository.js';

const idParamSchema = z.object({
  id: z.coerce
    .number({ message: 'Saved search not found.' })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/**
 * A user's saved searches (issue 16 "Saved searches"), signed in:
 * - `GET /api/saved-searches` → `{data: [{id, name, query, frequency, paused, matches, last_match_at, created_at}]}`;
 * - `POST /api/saved-searches {name, query, frequency: 'instant'|'daily'}` → 201 the saved search;
 * - `PATCH /api/saved-searches/{id}` with any of `{name, query, frequency, paused}` → the search after;
 * - `DELETE /api/saved-searches/{id}` → 204.
 * `query` holds the listing's own parameters (`GET /ajax-items`, without paging). Bad input is
 * 422 `{message, errors}`; another user's search is 404.
 */
export function createSavedSearchesRouter(deps: { db: Kysely<Database>; runner: CommandRunner }): Router {
  const { db, runner } = deps;
  const router = Router();

  router.get('/api/saved-searches', requireUser(), async (req, res) => {
    res.json({ data: await listSavedSearches(db, req.auth.user!.id) });
  });

  router.post('/api/saved-searches', requireUser(), async (req, res) => {
    const input = parseInput(createSavedSearchInputSchema, req.body);
    const userId = req.auth.user!.id;
    res.status(201).json(await runner.run(createSavedSearch, userActor(userId), { userId, ...input }));
  });

  router.patch('/api/saved-searches/:id', requireUser(), async (req, res) => {
    const { id } = parseInput(idParamSchema, req.params);
    const changes = parseInput(updateSavedSearchInputSchema, req.body);
    const userId = req.auth.user!.id;
    res.json(await runner.run(updateSavedSearch, userActor(userId), { userId, id, changes }));
  });

  router.delete('/api/saved-searches/:id', requireUser(), async (req, res) => {
    const { id } = parseInput(idParamSchema, req.params);
    const userId = req.auth.user!.id;
    await runner.run(deleteSavedSearch, userActor(userId), { userId, id });
    res.status(204).end();
  });

  return router;
}
