import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { outboxMessageSchema, type OutboxMessage } from '@shared/schemas/notification.schema';
import { notificationKeys } from './query-keys';

/** `GET /api/admin/outbox` → the newest kept mails and SMS (operators). Source: issue 16 "nothing is silently dropped". */
export async function getOutbox(): Promise<OutboxMessage[]> {
  return z.object({ data: z.array(outboxMessageSchema) }).parse(await apiGet('/api/admin/outbox', { limit: 100 })).data;
}

/** The kept mails and SMS for the operators' outbox screen. */
export function useOutbox() {
  return useQuery({ queryKey: notificationKeys.outbox, queryFn: getOutbox });
}
