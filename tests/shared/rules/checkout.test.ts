import { describe, expect, it } from 'vitest';
import { effectiveDistrict, validateBilling, validateCustomer, validatePaymentContact } from '../../../shared/rules/checkout.js';
import { districtsOf, OTHER_DISTRICT } from '../../../shared/rules/regions.js';

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
  it('when the DPO contact is short or has letters in the phone, then the payment step refuses it', () => {
    expect(validatePaymentContact({ customerName: 'A', customerEmail: '', customerPhone: '09x' })).toEqual({
      customerName: 'Please enter a valid name',
      customerEmail: 'Email address is required',
      customerPhone: 'Please enter a valid phone number',
    });
  });
});
