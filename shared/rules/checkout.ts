import { CHECKOUT_MESSAGES as M } from '../messages/checkout.js';
import { isMalawiPhone, MALAWI_PHONE_MESSAGE } from './phone.js';
import { BILLING_COUNTRY, DEFAULT_POSTAL_CODE, districtNamed, districtsOf, OTHER_DISTRICT, regionNamed, regionOfDistrict } from './regions.js';

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

/** Largest amount DPO Pay accepts for one order, MWK. Source: spec/shopping.md §9 "Maximum DPO Pay amount". */
export const DPO_MAX_AMOUNT = 999_999.99;

/**
 * Whether DPO Pay can take an order of `total` (MWK): at most {@link DPO_MAX_AMOUNT}. Beyond it the
 * payment step keeps the buyer from going on with DPO Pay and the server refuses the order (422),
 * so the buyer chooses cash on delivery or splits the cart instead of failing at the last step.
 * Source: spec/shopping.md §8 "Over limit", §9; issue 20.
 */
export function dpoPayAccepts(total: number): boolean {
  return total <= DPO_MAX_AMOUNT;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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
 * The billing address as the order calls send it (`billing` of `POST /checkout/cash` and
 * `POST /dpopay/checkout-payment`): `city` is the region, `state` the district.
 * Source: spec/shopping.md §7.
 */
export interface OrderBillingFields {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * The rules of a billing address as sent with an order, shared by the billing step and the
 * server's order schema: street address ('Street address is required'), region in `city`
 * ('Region is required'), district in `state` ('State is required'; also when it is the
 * 'Other (please specify)' placeholder or a listed district of another region).
 * Source: spec/shopping.md §5 "Checkout, billing step".
 * @returns field → message, keyed address / city / state (empty when valid).
 */
export function validateOrderBilling(b: Pick<OrderBillingFields, 'address' | 'city' | 'state'>): FieldErrors {
  const e: FieldErrors = {};
  if (!b.address.trim()) e.address = M.addressRequired;
  if (!b.city.trim()) e.city = M.regionRequired;
  if (!b.state.trim()) e.state = M.districtRequired;
  else if (same(b.state, OTHER_DISTRICT) || !districtFitsRegion(b.city, b.state)) e.state = M.districtRequired;
  return e;
}

/**
 * Billing step: the rules of {@link validateOrderBilling} on what the step will send, reported on
 * the form's fields (region; the district on `state`, or on `otherState` with 'Other (please
 * specify)'); a chosen district must also be one of the region's list. Postal code optional.
 * Source: spec/shopping.md §5.
 */
export function validateBilling(b: BillingForm): FieldErrors {
  const sent = validateOrderBilling({ address: b.address, city: b.region, state: effectiveDistrict(b) });
  const e: FieldErrors = {};
  if (sent.address) e.address = sent.address;
  if (sent.city) e.region = sent.city;
  if (sent.state) e[b.state === OTHER_DISTRICT ? 'otherState' : 'state'] = sent.state;
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

/**
 * False when `district` is a listed district of a region other than `region` (Blantyre under
 * Central); true for a district of that region, a typed one that is not listed, or an unknown region.
 */
export function districtFitsRegion(region: string, district: string): boolean {
  const home = regionOfDistrict(district);
  const chosen = regionNamed(region);
  return !home || !chosen || home === chosen;
}

/**
 * A billing address in the saved (server) shape of `GET/POST /api/me/billing-address`:
 * `town` is the region, `state` the district. Source: spec/shopping.md §3 "Saved billing
 * address", §7.
 */
export interface SavedBillingFields {
  address1: string;
  town: string;
  state: string;
  zip: string;
  country: string;
}

/**
 * The billing form in the saved shape, as the checkout and the profile send it: address →
 * address1, region → town, the district (the typed one for 'Other (please specify)') → state,
 * postal code → zip (00000 when empty), country Malawi. Source: spec/shopping.md §4, §5, §7.
 */
export function billingFormToSaved(b: BillingForm): SavedBillingFields {
  return {
    address1: b.address.trim(),
    town: b.region,
    state: effectiveDistrict(b),
    zip: b.postalCode.trim() || DEFAULT_POSTAL_CODE,
    country: BILLING_COUNTRY,
  };
}

/**
 * The billing form as the order calls send it: {@link billingFormToSaved} with the order's
 * keys (address1 → address, town → city, zip → postalCode). Source: spec/shopping.md §5, §7.
 */
export function billingFormToOrder(b: BillingForm): OrderBillingFields {
  const saved = billingFormToSaved(b);
  return { address: saved.address1, city: saved.town, state: saved.state, postalCode: saved.zip, country: saved.country };
}

/**
 * A stored billing address as billing-form values (checkout prefill, the profile's edit form).
 * `town` holds the region in addresses the checkout or the profile saved; older ones may hold
 * a town name (Mzuzu) instead: the region then comes from the district, and the town is kept at
 * the end of the street address so the next save does not drop it. A district outside the
 * region's list becomes 'Other (please specify)' with its text; 00000 shows as an empty postal
 * code. Missing fields give empty values.
 */
export function billingFormFromSaved(a: { address1?: string | null; town?: string | null; state?: string | null; zip?: string | null }): BillingForm {
  const district = (a.state ?? '').trim();
  const town = (a.town ?? '').trim();
  const region = regionNamed(town) ?? regionOfDistrict(district) ?? '';
  let address = (a.address1 ?? '').trim();
  if (town && !regionNamed(town) && !same(town, district) && !address.toLowerCase().includes(town.toLowerCase())) {
    address = address ? `${address}, ${town}` : town;
  }
  const listed = region !== '' && district !== '' && regionOfDistrict(district) === region;
  return {
    address,
    region,
    state: listed ? districtNamed(district) : district ? OTHER_DISTRICT : '',
    otherState: listed ? '' : district,
    postalCode: a.zip && a.zip.trim() !== DEFAULT_POSTAL_CODE ? a.zip.trim() : '',
    country: BILLING_COUNTRY,
  };
}
