import { CHECKOUT_MESSAGES as M } from '../messages/checkout.js';
import { isMalawiPhone, MALAWI_PHONE_MESSAGE } from './phone.js';
import { districtsOf, OTHER_DISTRICT } from './regions.js';

/** Field → message map of a failed step (empty when the step is valid). */
export type FieldErrors = Record<string, string>;

/** Customer step values. Source: spec/shopping.md §3 "Customer info". */
export interface CustomerInfo {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Billing step values (`state` is the district; `otherState` when 'Other (please specify)'). */
export interface BillingForm {
  address: string;
  region: string;
  state: string;
  otherState?: string;
  postalCode: string;
  country: string;
}

/** The dpopay payment step's contact fields. */
export interface PaymentContact {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when `v` looks like an email address (something@domain.tld, no spaces). */
export function isEmailLike(v: string): boolean {
  return EMAIL_RE.test(v.trim());
}

/**
 * Customer step: first and last name, email (address-like), Malawi phone.
 * Source: spec/shopping.md §5 "Checkout, customer step".
 */
export function validateCustomer(c: CustomerInfo): FieldErrors {
  const e: FieldErrors = {};
  if (!c.firstName.trim()) e.firstName = M.firstNameRequired;
  if (!c.lastName.trim()) e.lastName = M.lastNameRequired;
  if (!c.email.trim()) e.email = M.emailRequired;
  else if (!isEmailLike(c.email)) e.email = M.emailInvalid;
  if (!c.phone.trim()) e.phone = M.phoneRequired;
  else if (!isMalawiPhone(c.phone)) e.phone = MALAWI_PHONE_MESSAGE;
  return e;
}

/**
 * Billing step: street address, region, district ('State is required'; with 'Other (please
 * specify)' the typed district is required). Postal code optional. Source: spec/shopping.md §5.
 */
export function validateBilling(b: BillingForm): FieldErrors {
  const e: FieldErrors = {};
  if (!b.address.trim()) e.address = M.addressRequired;
  if (!b.region.trim()) e.region = M.regionRequired;
  if (!b.state.trim()) e.state = M.districtRequired;
  else if (b.state === OTHER_DISTRICT && !b.otherState?.trim()) e.otherState = M.districtRequired;
  else if (b.region && b.state !== OTHER_DISTRICT && districtsOf(b.region).length && !districtsOf(b.region).includes(b.state)) {
    e.state = M.districtRequired;
  }
  return e;
}

/**
 * dpopay step: full name (required, at least 2 characters), email (required, valid), phone
 * optional but only digits, plus, dashes, brackets and spaces. Source: spec/shopping.md §5.
 */
export function validatePaymentContact(p: PaymentContact): FieldErrors {
  const e: FieldErrors = {};
  const name = p.customerName.trim();
  if (!name) e.customerName = M.fullNameRequired;
  else if (name.length < 2) e.customerName = M.nameInvalid;
  if (!p.customerEmail.trim()) e.customerEmail = M.paymentEmailRequired;
  else if (!isEmailLike(p.customerEmail)) e.customerEmail = M.emailInvalid;
  if (p.customerPhone.trim() && !/^[\d+\-()\s]+$/.test(p.customerPhone.trim())) e.customerPhone = M.paymentPhoneInvalid;
  return e;
}

/** The district to send: the typed one for 'Other (please specify)', else the chosen one. */
export function effectiveDistrict(b: Pick<BillingForm, 'state' | 'otherState'>): string {
  return b.state === OTHER_DISTRICT ? (b.otherState ?? '').trim() : b.state;
}
