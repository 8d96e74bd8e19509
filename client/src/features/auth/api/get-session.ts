import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import type { PublicUser } from '@shared/schemas/auth.schema';

/** User as `GET /api/user-session` answers it. Source: spec/accounts-and-shell.md §3 "User". */
export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string().catch(''),
  email: z.string().catch(''),
  phone: z.string().nullable().catch(null),
  address: z.string().nullable().catch(null),
  image: z.string().nullable().catch(null),
  is_customer: z.boolean().catch(false),
  roles: z.array(z.object({ name: z.string() })).catch([]),
  permissions: z.array(z.string()).catch([]),
});

const sessionResponseSchema = z.union([z.object({ authenticated: z.literal(true), user: sessionUserSchema }), z.object({ authenticated: z.literal(false) })]);

/** `GET /api/user-session`: the signed-in user, or null for a guest. */
export async function getSession(): Promise<PublicUser | null> {
  const body = sessionResponseSchema.parse(await apiGet('/api/user-session'));
  return body.authenticated ? body.user : null;
}
