import { describe, expect, it } from 'vitest';
import { billingStepErrors, customerStepErrors } from '../../../client/src/features/checkout/components/checkout-page.js';
import { OTHER_DISTRICT } from '@shared/rules/regions.js';

const billing = { address: 'Area 47, Sector 3', region: 'Central', state: 'Lilongwe', otherState: '', postalCode: '', country: 'Malawi' };

describe("checkout steps' errors (spec/shopping.md §5, checked with the server's order schema)", () => {
  it('when the customer step is empty or wrong, then the checkout texts sit under first name, last name, email and phone', () => {
    expect(customerStepErrors({ firstName: ' ', lastName: '', email: '', phone: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
    expect(customerStepErrors({ firstName: 'A', lastName: 'B', email: 'a@b.mw', phone: '(+265) 991-234-567' })).toEqual({});
  });

  it('when the billing step is empty, then the texts go under street address, region and district; a typed district under its own field', () => {
    expect(billingStepErrors({ ...billing, address: '', region: '', state: '' })).toEqual({
      address: 'Street address is required',
      region: 'Region is required',
      state: 'State is required',
    });
    expect(billingStepErrors({ ...billing, state: OTHER_DISTRICT, otherState: '' })).toEqual({ otherState: 'State is required' });
    expect(billingStepErrors({ ...billing, state: 'Blantyre' })).toEqual({ state: 'State is required' });
    expect(billingStepErrors(billing)).toEqual({});
  });
});
