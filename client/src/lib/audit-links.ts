/** Filters of the operators' audit trail as they appear in its address (`/admin/audit?...`). */
export interface AuditLinkFilters {
  subject_type?: string;
  subject_id?: number;
  /** The user who acted. */
  actor_id?: number;
  /** An event type, or a prefix ending in a dot (`order.`). */
  type?: string;
}

/**
 * Address of the audit trail filtered as given: a lot's history is
 * `auditHref({subject_type: 'item', subject_id: 12})` → `/admin/audit?subject_type=item&subject_id=12`,
 * a user's own actions `auditHref({actor_id: 5})` → `/admin/audit?actor_id=5`.
 * Source: docs/architecture.md "Commands, events, audit" (the operators' audit trail).
 */
export function auditHref(filters: AuditLinkFilters): string {
  const qs = new URLSearchParams();
  for (const key of ['type', 'subject_type', 'subject_id', 'actor_id'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') qs.set(key, String(value));
  }
  const s = qs.toString();
  return s ? `/admin/audit?${s}` : '/admin/audit';
}
