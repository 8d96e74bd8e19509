import { describe, expect, it } from 'vitest';
import { billingFormToOrder, validateBilling, validateCustomer, type BillingForm, type CustomerInfo } from '@shared/rules/checkout.js';
import { OTHER_DISTRICT } from '@shared/rules/regions.js';
import { checkoutInputSchema } from '@shared/schemas/checkout.schema.js';

const customer: CustomerInfo = { firstName: 'Chikondi', lastName: 'Banda', email: 'chikondi@example.mw', phone: '0888 123 456' };
const billing: BillingForm = { address: 'Plot 12, Namiwawa', region: 'Southern', state: 'Blantyre', otherState: '', postalCode: '', country: 'Malawi' };

/** The server's field errors for a body, as the 422 answer names them (`customer.email` → texts). */
function serverErrors(body: unknown): Record<string, string[]> {
  const result = checkoutInputSchema.safeParse(body);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const order = (c: CustomerInfo, b: BillingForm) => ({
  customer: c,
  billing: billingFormToOrder(b),
  cart: { items: [], total: 1 },
  currency: 'MWK',
  payment_method: 'cash',
});

/** The form's errors in the server's keys (region → city; a typed district → state). */
function formErrors(c: CustomerInfo, b: BillingForm): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(validateCustomer(c))) out[`customer.${k}`] = [v];
  const key: Record<string, string> = { address: 'address', region: 'city', state: 'state', otherState: 'state' };
  for (const [k, v] of Object.entries(validateBilling(b))) out[`billing.${key[k]}`] = [v];
  return out;
}

describe('checkout order schema = the checkout form\'s rules (spec/shopping.md §5 "Checkout")', () => {
  const customers: [string, CustomerInfo][] = [
    ['valid', customer],
    ['all empty', { firstName: ' ', lastName: '', email: '', phone: '' }],
    ['email without a dot', { ...customer, email: 'a@b' }],
    ['address-like email the form accepts', { ...customer, email: 'a@b.c' }],
    ['phone not from Malawi', { ...customer, phone: '0123 456 789' }],
    ['phone with +265 and brackets', { ...customer, phone: '(+265) 991-234-567' }],
  ];
  it.each(customers)('when the customer step is %s, then the server refuses exactly what the form refuses, with the same texts', (_label, c) => {
    expect(serverErrors(order(c, billing))).toEqual(formErrors(c, billing));
  });

  const billings: [string, BillingForm][] = [
    ['valid', billing],
    ['empty', { ...billing, address: ' ', region: '', state: '' }],
    ['a typed district', { ...billing, region: 'Northern', state: OTHER_DISTRICT, otherState: 'Mzuzu City' }],
    ['Other with nothing typed', { ...billing, region: 'Northern', state: OTHER_DISTRICT, otherState: '' }],
    ['a typed district of another region', { ...billing, region: 'Central', state: OTHER_DISTRICT, otherState: 'blantyre' }],
    ['a typed listed district of its region', { ...billing, region: 'Central', state: OTHER_DISTRICT, otherState: 'Lilongwe' }],
  ];
  it.each(billings)('when the billing step is %s, then the server refuses exactly what the form refuses, with the same texts', (_label, b) => {
    expect(serverErrors(order(customer, b))).toEqual(formErrors(customer, b));
  });

  it('when the form is sent, then the server reads region, district, postal code 00000 and Malawi from it', () => {
    const parsed = checkoutInputSchema.parse(
      order(customer, { ...billing, address: ' Plot 12 ', region: 'Northern', state: OTHER_DISTRICT, otherState: ' Mzuzu City ' }),
    );
    expect(parsed.billing).toEqual({ address: 'Plot 12', city: 'Northern', state: 'Mzuzu City', postalCode: '00000', country: 'Malawi' });
  });

  it('when a caller other than the form sends a district of another region or the Other placeholder, then the server refuses it', () => {
    const body = (state: string) => ({ ...order(customer, billing), billing: { address: 'Plot 1', city: 'Central', state } });
    expect(serverErrors(body('Blantyre'))).toEqual({ 'billing.state': ['State is required'] });
    expect(serverErrors(body(OTHER_DISTRICT))).toEqual({ 'billing.state': ['State is required'] });
    expect(serverErrors(body('Area 25 township'))).toEqual({});
  });

  it('when a field is missing or too long, then the server still says so (its own limits)', () => {
    expect(serverErrors({ ...order(customer, billing), customer: { ...customer, firstName: undefined } })['customer.firstName']).toHaveLength(1);
    expect(serverErrors(order({ ...customer, lastName: 'x'.repeat(81) }, billing))['customer.lastName']).toHaveLength(1);
  });
});
