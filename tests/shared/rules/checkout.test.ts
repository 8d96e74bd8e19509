import { describe, expect, it } from 'vitest';
import {
  billingFormFromSaved,
  billingFormToOrder,
  billingFormToSaved,
  dpoPayAccepts,
  effectiveDistrict,
  validateBilling,
  validateCustomer,
  validateOrderBilling,
  validatePaymentContact,
} from '@shared/rules/checkout.js';
import { districtsOf, OTHER_DISTRICT } from '@shared/rules/regions.js';

describe('checkout steps (spec/shopping.md §5)', () => {
  it('when the customer step is empty, then every field says it is required', () => {
    expect(validateCustomer({ firstName: ' ', lastName: '', email: '', phone: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });
  it('when the email or phone is malformed, then the spec texts show; Malawi numbers with spaces and brackets pass', () => {
    const e = validateCustomer({ firstName: 'A', lastName: 'B', email: 'a@b', phone: '0123 456 789' });
    expect(e.email).toBe('Please enter a valid email address');
    expect(e.phone).toBe('Please enter a valid Malawi phone number (e.g., +265 123 456 789 or 0888 123 456)');
    expect(validateCustomer({ firstName: 'A', lastName: 'B', email: 'a@b.mw', phone: '(+265) 991-234-567' })).toEqual({});
  });
  it('when the district is Other (please specify), then a typed district is required and sent', () => {
    expect(validateBilling({ address: '', region: '', state: '', postalCode: '', country: 'Malawi' })).toEqual({
      address: 'Street address is required',
      region: 'Region is required',
      state: 'State is required',
    });
    const other = { address: 'Plot 1', region: 'Northern', state: OTHER_DISTRICT, otherState: '', postalCode: '', country: 'Malawi' };
    expect(validateBilling(other)).toEqual({ otherState: 'State is required' });
    expect(effectiveDistrict({ ...other, otherState: 'Mzuzu City' })).toBe('Mzuzu City');
    expect(districtsOf('Northern')).toEqual(['Chitipa', 'Karonga', 'Likoma', 'Mzimba', 'Nkhata Bay', 'Rumphi', OTHER_DISTRICT]);
  });
  it('when a typed district is a listed district of another region, then the billing step refuses it', () => {
    const base = { address: 'Plot 1', region: 'Central', state: OTHER_DISTRICT, postalCode: '', country: 'Malawi' };
    expect(validateBilling({ ...base, otherState: 'blantyre' })).toEqual({ otherState: 'State is required' });
    expect(validateBilling({ ...base, otherState: 'Lilongwe' })).toEqual({});
    expect(validateBilling({ ...base, otherState: 'Area 25 township' })).toEqual({});
  });
  it('when a form is saved and read back, then the saved shape carries region in town and district in state, and nothing is lost', () => {
    const form = { address: ' Katoto, off M1 Road ', region: 'Northern', state: OTHER_DISTRICT, otherState: 'Mzuzu City', postalCode: '', country: 'Malawi' };
    const saved = billingFormToSaved(form);
    expect(saved).toEqual({ address1: 'Katoto, off M1 Road', town: 'Northern', state: 'Mzuzu City', zip: '00000', country: 'Malawi' });
    expect(billingFormFromSaved(saved)).toEqual({ ...form, address: 'Katoto, off M1 Road' });
    expect(billingFormFromSaved({ address1: 'House 14', town: 'Southern', state: 'Blantyre', zip: '301' })).toEqual({
      address: 'House 14',
      region: 'Southern',
      state: 'Blantyre',
      otherState: '',
      postalCode: '301',
      country: 'Malawi',
    });
  });
  it('when an older address holds a town name in town, then the region comes from the district and the town moves into the street address', () => {
    expect(billingFormFromSaved({ address1: 'Katoto, off M1 Road', town: 'Mzuzu', state: 'Mzimba', zip: null })).toMatchObject({
      address: 'Katoto, off M1 Road, Mzuzu',
      region: 'Northern',
      state: 'Mzimba',
      otherState: '',
    });
    // A town named like its district, or already in the street, is not repeated.
    expect(billingFormFromSaved({ address1: 'House 14, Namiwawa Road', town: 'Blantyre', state: 'Blantyre' }).address).toBe('House 14, Namiwawa Road');
    expect(billingFormFromSaved({ address1: 'Chibavi, Mzuzu', town: 'Mzuzu', state: 'Mzimba' }).address).toBe('Chibavi, Mzuzu');
    expect(billingFormFromSaved({})).toEqual({ address: '', region: '', state: '', otherState: '', postalCode: '', country: 'Malawi' });
  });
  it('when a billing address is sent with an order, then region, district (typed or listed) and the fixed country go in the order keys', () => {
    const form = { address: ' Katoto ', region: 'Northern', state: OTHER_DISTRICT, otherState: ' Mzuzu City ', postalCode: ' ', country: 'Malawi' };
    expect(billingFormToOrder(form)).toEqual({ address: 'Katoto', city: 'Northern', state: 'Mzuzu City', postalCode: '00000', country: 'Malawi' });
    expect(billingFormToOrder({ ...form, state: 'Mzimba', postalCode: '105' })).toMatchObject({ state: 'Mzimba', postalCode: '105' });
  });
  it('when the sent billing is checked, then the region, the district and its region are required (keys of the order)', () => {
    expect(validateOrderBilling({ address: '', city: '', state: '' })).toEqual({
      address: 'Street address is required',
      city: 'Region is required',
      state: 'State is required',
    });
    expect(validateOrderBilling({ address: 'Plot 1', city: 'Central', state: 'Zomba' })).toEqual({ state: 'State is required' });
    expect(validateOrderBilling({ address: 'Plot 1', city: 'Central', state: OTHER_DISTRICT })).toEqual({ state: 'State is required' });
    expect(validateOrderBilling({ address: 'Plot 1', city: 'Central', state: 'Area 25' })).toEqual({});
  });
  it("when a chosen district is not on the region's list, then the billing step refuses it on state", () => {
    const base = { address: 'Plot 1', region: 'Southern', otherState: '', postalCode: '', country: 'Malawi' };
    expect(validateBilling({ ...base, state: 'Lilongwe' })).toEqual({ state: 'State is required' });
    expect(validateBilling({ ...base, state: 'blantyre' })).toEqual({ state: 'State is required' });
    expect(validateBilling({ ...base, state: 'Blantyre' })).toEqual({});
  });
  it('when the DPO contact is short or has letters in the phone, then the payment step refuses it', () => {
    expect(validatePaymentContact({ customerName: 'A', customerEmail: '', customerPhone: '09x' })).toEqual({
      customerName: 'Please enter a valid name',
      customerEmail: 'Email address is required',
      customerPhone: 'Please enter a valid phone number',
    });
  });
});

describe('the DPO Pay limit (spec/shopping.md §9; issue 20)', () => {
  it('when an order is at most MK 999,999.99, then DPO Pay takes it; one kwacha more and it does not', () => {
    expect(dpoPayAccepts(45_000)).toBe(true);
    expect(dpoPayAccepts(999_999)).toBe(true);
    expect(dpoPayAccepts(999_999.99)).toBe(true);
    expect(dpoPayAccepts(1_000_000)).toBe(false);
    expect(dpoPayAccepts(1_200_000)).toBe(false);
  });
});
