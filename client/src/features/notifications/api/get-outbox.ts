import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { outboxMessageSchema, type OutboxMessage } from '@shared/schemas/notification.schema';

/** `GET /api/admin/outbox` → the newest kept mails and SMS (operators). Source: issue 16 "nothing is silently dropped". */
export async function getOutbox(): Promise<OutboxMessage[]> {
  return z.object({ data: z.array(outboxMessageSchema) }).parse(await apiGet('/api/admin/outbox', { limit: 100 })).data;
}
