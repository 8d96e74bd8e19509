import { useCallback, useEffect, useState } from 'react';
import { auditPageSchema, type AuditPage } from '@shared/schemas/audit.schema';
import { ApiError, apiGet, fieldMessages } from '../../../lib/api-client';

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

/**
 * Loads one page of the audit trail for `request`, again whenever a filter or the page changes
 * (only the latest request's answer is shown).
 */
export function useAuditEvents(request: AuditRequest): AuditEventsState {
  const { subject_type, subject_id, actor_id, type, page, perPage } = request;
  const key = JSON.stringify([subject_type, subject_id, actor_id, type, page, perPage]);
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ key: string; attempt: number; page: AuditPage | null; error: string | null } | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    getAuditEvents({ subject_type, subject_id, actor_id, type, page, perPage }, abort.signal)
      .then((fetched) => {
        if (!abort.signal.aborted) setAnswer({ key, attempt, page: fetched, error: null });
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        const error = e instanceof ApiError ? fieldMessages(e.body).join(' ') || e.message : 'The audit trail could not be read.';
        setAnswer({ key, attempt, page: null, error });
      });
    return () => abort.abort();
  }, [key, subject_type, subject_id, actor_id, type, page, perPage, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Another filter's rows are never shown as this one's; a reload keeps its own rows meanwhile.
  const current = answer?.key === key ? answer : null;
  return { result: current?.page ?? null, error: current?.error ?? null, loading: current?.attempt !== attempt, reload };
}
