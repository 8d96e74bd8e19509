import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { auditPageSchema, type AuditPage } from '@shared/schemas/audit.schema';
import { ApiError, apiGet, fieldMessages } from '../../../lib/api-client';
import { operatorReadOptions } from '../../../lib/operator-query';

/** Filters and page of one audit request (absent filters: any). */
export interface AuditRequest {
  subject_type?: string;
  subject_id?: string;
  actor_id?: string;
  /** An event type, or a prefix ending in a dot (`order.`). */
  type?: string;
  page: number;
  perPage: number;
}

/**
 * `GET /api/admin/audit?subject_type&subject_id&actor_id&type&page&per_page` → `{data, meta}`,
 * newest first, parsed with {@link auditPageSchema}. Rejects with {@link ApiError} (401, 403,
 * 422 naming the bad filter) or a zod error on an unexpected answer.
 */
export async function getAuditEvents(request: AuditRequest, signal?: AbortSignal): Promise<AuditPage> {
  const body = await apiGet(
    '/api/admin/audit',
    {
      subject_type: request.subject_type,
      subject_id: request.subject_id,
      actor_id: request.actor_id,
      type: request.type,
      page: request.page,
      per_page: request.perPage,
    },
    { signal },
  );
  return auditPageSchema.parse(body);
}

/**
 * Query keys of the audit trail: a page key holds every filter and the page (and its size), so
 * each combination the address can name is cached on its own.
 */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (request: AuditRequest) => [...auditKeys.all, 'page', request] as const,
};

/** What {@link useAuditEvents} answers. */
export interface AuditEventsState {
  /** The page shown; null while the first answer of these filters is awaited or after a failure. */
  result: AuditPage | null;
  loading: boolean;
  /** Why the last load failed (a bad filter's own message for a 422), else null. */
  error: string | null;
  /** Loads the same page again (rows stay on screen meanwhile). */
  reload(): void;
}

/** The filters of a request, without its page. */
const filtersOf = (r: AuditRequest) => JSON.stringify([r.subject_type, r.subject_id, r.actor_id, r.type, r.perPage]);

/**
 * Loads one page of the audit trail for `request`, again whenever a filter or the page changes.
 * Another page of the same filters stays on screen while the next is read; another filter's rows
 * are never shown as this one's.
 */
export function useAuditEvents(request: AuditRequest): AuditEventsState {
  const { subject_type, subject_id, actor_id, type, page, perPage } = request;
  const key: AuditRequest = { subject_type, subject_id, actor_id, type, page, perPage };
  const query = useQuery({
    ...operatorReadOptions,
    queryKey: auditKeys.page(key),
    queryFn: ({ signal }) => getAuditEvents(key, signal),
    placeholderData: (previous, previousQuery) => (previousQuery && filtersOf(previousQuery.queryKey[3]) === filtersOf(key) ? previous : undefined),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const error = query.error
    ? query.error instanceof ApiError
      ? fieldMessages(query.error.body).join(' ') || query.error.message
      : 'The audit trail could not be read.'
    : null;
  return { result: error ? null : (query.data ?? null), error, loading: query.isFetching, reload };
}
