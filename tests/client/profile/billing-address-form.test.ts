import { describe, expect, it } from 'vitest';
import { billingFormErrors, validateBillingForm } from '../../../client/src/features/profile/hooks/use-billing-address-form.js';
import { OTHER_DISTRICT } from '@shared/rules/regions.js';

const form = { address: 'House 14, Namiwawa Road', region: 'Southern', state: 'Blantyre', otherState: '', postalCode: '', country: 'Malawi' };

describe("profile billing address form (spec/shopping.md §5 billing rules, checked with the server's schema)", () => {
  it('when the form is empty, then the checkout texts show under street address, region and district', () => {
    expect(validateBillingForm({ ...form, address: ' ', region: '', state: '' })).toEqual({
      fields: { address: 'Street address is required', region: 'Region is required', state: 'State is required' },
      general: null,
    });
    expect(validateBillingForm(form)).toEqual({ fields: {}, general: null });
  });

  it("when 'Other (please specify)' is chosen, then the district error goes under the typed district", () => {
    expect(validateBillingForm({ ...form, state: OTHER_DISTRICT, otherState: '' }).fields).toEqual({ otherState: 'State is required' });
    expect(validateBillingForm({ ...form, region: 'Central', state: OTHER_DISTRICT, otherState: 'Zomba' }).fields).toEqual({ otherState: 'State is required' });
  });

  it('when the server refuses fields, then its texts go under the matching fields and unknown keys become the general message', () => {
    expect(
      billingFormErrors({ address1: 'Street address is required', zip: 'Postal code may not be longer than 20 characters.', phone: 'Too long' }, form),
    ).toEqual({
      fields: { address: 'Street address is required', postalCode: 'Postal code may not be longer than 20 characters.' },
      general: 'Too long',
    });
  });
});
