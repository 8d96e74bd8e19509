import type { BillingForm, CustomerInfo } from '@shared/rules/checkout';

/** localStorage keys of a guest's checkout details and of a started DPO payment. Source: spec §4, §9. */
export const GUEST_CUSTOMER_KEY = 'gavel_checkout_customer';
export const GUEST_BILLING_KEY = 'gavel_checkout_billing';
export const DPO_PAYMENT_KEY = 'gavel_dpo_payment';

function read<T>(key: string): Partial<T> | null {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return v && typeof v === 'object' ? (v as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** Only the text fields of a stored form (a field stored as null or a number is dropped, so the form keeps its default). */
function textFields<T>(v: Partial<T> | null): Partial<T> | null {
  return v && (Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Partial<T>);
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}

/** A guest's saved customer details. */
export const loadGuestCustomer = () => textFields(read<CustomerInfo>(GUEST_CUSTOMER_KEY));
/** Saves a guest's customer details. */
export const saveGuestCustomer = (c: CustomerInfo) => write(GUEST_CUSTOMER_KEY, c);
/** A guest's saved billing address. */
export const loadGuestBilling = () => textFields(read<BillingForm>(GUEST_BILLING_KEY));
/** Saves a guest's billing address. */
export const saveGuestBilling = (b: BillingForm) => write(GUEST_BILLING_KEY, b);
/** Remembers a started DPO payment: order reference, transaction token, amount, currency. Source: spec §9. */
export const saveDpoPayment = (p: { order_reference: string; transaction_token?: string; amount: number; currency: string }) => write(DPO_PAYMENT_KEY, p);
