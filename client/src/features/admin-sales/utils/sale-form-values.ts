import type { SaleView } from '@shared/schemas/sale.schema';
import type { SaleBody } from '../api/save-sale';

/**
 * The sale form's fields as the inputs hold them: text for text and times (`datetime-local`, the
 * browser's zone), numbers or '' (empty: none), and flags.
 */
export interface SaleFormValues {
  name: string;
  kind: 'online' | 'live';
  branchId: string | null;
  description: string;
  terms: string;
  /** A live sale's webcast address (HLS or a player's link), '' for none. */
  webcastUrl: string;
  dateFrom: string;
  dateTo: string;
  depositRequired: boolean;
  depositAmount: number | '';
  premium: number | '';
  softCloseMinutes: number | '';
  staggerSeconds: number | '';
}

/** `datetime-local` value (to the second) of an ISO time, in the browser's zone; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** An ISO time from a `datetime-local` value (the browser's zone); null for an empty one, the text itself when unreadable (the server says why). */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The form of a new sale: online, no dates, no deposit, no premium, the site's soft close, no stagger. */
export function emptySaleForm(): SaleFormValues {
  return {
    name: '',
    kind: 'online',
    branchId: null,
    description: '',
    terms: '',
    webcastUrl: '',
    dateFrom: '',
    dateTo: '',
    depositRequired: false,
    depositAmount: '',
    premium: 0,
    softCloseMinutes: '',
    staggerSeconds: '',
  };
}

/** The form of an existing sale. */
export function saleToForm(sale: SaleView): SaleFormValues {
  return {
    name: sale.name,
    kind: sale.kind === 'live' ? 'live' : 'online',
    branchId: sale.branch_id == null ? null : String(sale.branch_id),
    description: sale.description ?? '',
    terms: sale.terms ?? '',
    webcastUrl: sale.webcast_url ?? '',
    dateFrom: toLocalInput(sale.date_from),
    dateTo: toLocalInput(sale.date_to),
    depositRequired: sale.deposit_required,
    depositAmount: sale.deposit_amount ?? '',
    premium: sale.buyers_premium_percent,
    softCloseMinutes: sale.soft_close_minutes ?? '',
    staggerSeconds: sale.stagger_seconds ?? '',
  };
}

const orNull = (v: number | '') => (v === '' ? null : v);
const textOrNull = (v: string) => (v.trim() ? v.trim() : null);

/** Every field of the form as the API takes it (`kind` and the stagger as the kind allows). */
export function formToBody(values: SaleFormValues): SaleBody {
  return {
    name: values.name.trim(),
    kind: values.kind,
    branch_id: values.branchId == null ? null : Number(values.branchId),
    description: textOrNull(values.description),
    terms: textOrNull(values.terms),
    webcast_url: values.kind === 'live' ? textOrNull(values.webcastUrl) : null,
    date_from: fromLocalInput(values.dateFrom),
    date_to: fromLocalInput(values.dateTo),
    deposit_required: values.kind === 'live' || values.depositRequired,
    deposit_amount: orNull(values.depositAmount),
    buyers_premium_percent: values.premium === '' ? 0 : values.premium,
    soft_close_minutes: orNull(values.softCloseMinutes),
    stagger_seconds: values.kind === 'online' ? orNull(values.staggerSeconds) : null,
  };
}

/** What an edit sends: the fields whose value differs from the sale's (so an untouched time keeps its seconds). */
export function changedFields(initial: SaleFormValues, values: SaleFormValues): SaleBody {
  const before = formToBody(initial);
  const after = formToBody(values);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)));
}
