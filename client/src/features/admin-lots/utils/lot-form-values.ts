import type { LotView } from '@shared/schemas/lot.schema';
import type { LotBody } from '../api/save-lot';

/**
 * The lot form's fields as the inputs hold them: text for text and times (`datetime-local`, the
 * browser's zone), numbers or '' (empty: none), ids as text (the selects' values), and flags.
 */
export interface LotFormValues {
  name: string;
  title: string;
  description: string;
  saleId: string | null;
  branchId: string | null;
  code: string;
  referenceNumber: string;
  targetAmount: number | '';
  reservePrice: number | '';
  quantity: number | '';
  condition: string | null;
  featured: boolean;
  dateFrom: string;
  dateTo: string;
}

/** `datetime-local` value (to the second) of an ISO time, in the browser's zone; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** An ISO time from a `datetime-local` value (the browser's zone); null for an empty one, the text itself when unreadable (the schema says why). */
export function fromLocalInput(value: string): string | null {
  if (!value.trim()) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** The form of a new lot (in `saleId` when given): quantity 1, not featured, no dates (the sale's). */
export function emptyLotForm(saleId: string | null = null): LotFormValues {
  return {
    name: '',
    title: '',
    description: '',
    saleId,
    branchId: null,
    code: '',
    referenceNumber: '',
    targetAmount: '',
    reservePrice: '',
    quantity: 1,
    condition: null,
    featured: false,
    dateFrom: '',
    dateTo: '',
  };
}

/** The form of an existing lot. */
export function lotToForm(lot: LotView): LotFormValues {
  return {
    name: lot.name,
    title: lot.title ?? '',
    description: lot.description ?? '',
    saleId: String(lot.auction_type_id),
    branchId: lot.branch_id == null ? null : String(lot.branch_id),
    code: lot.code ?? '',
    referenceNumber: lot.reference_number ?? '',
    targetAmount: lot.target_amount,
    reservePrice: lot.reserve_price ?? '',
    quantity: lot.quantity,
    condition: lot.condition,
    featured: lot.featured,
    dateFrom: toLocalInput(lot.date_from),
    dateTo: toLocalInput(lot.date_to),
  };
}

const orNull = (v: number | '') => (v === '' ? null : v);
const textOrNull = (v: string) => (v.trim() ? v.trim() : null);

/** Every field of the form as the API takes it (checked by the shared lot schema before sending). */
export function formToBody(values: LotFormValues): LotBody {
  return {
    name: values.name.trim(),
    title: textOrNull(values.title),
    description: textOrNull(values.description),
    auction_type_id: values.saleId == null ? null : Number(values.saleId),
    branch_id: values.branchId == null ? null : Number(values.branchId),
    code: textOrNull(values.code),
    reference_number: textOrNull(values.referenceNumber),
    target_amount: orNull(values.targetAmount),
    reserve_price: orNull(values.reservePrice),
    quantity: values.quantity === '' ? 1 : values.quantity,
    condition: values.condition,
    featured: values.featured,
    date_from: fromLocalInput(values.dateFrom),
    date_to: fromLocalInput(values.dateTo),
  };
}

/** What an edit sends: the fields whose value differs from the lot's (an untouched time keeps its seconds). */
export function changedFields(initial: LotFormValues, values: LotFormValues): LotBody {
  const before = formToBody(initial);
  const after = formToBody(values);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)));
}
