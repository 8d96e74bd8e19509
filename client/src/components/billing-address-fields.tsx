import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { BillingForm } from '@shared/rules/checkout';
import { BILLING_COUNTRY, districtsOf, OTHER_DISTRICT, REGION_NAMES } from '@shared/rules/regions';

/** Two fields side by side once the fields' own box is at least this wide (a container query, so a narrow card stacks them). */
const TWO_COLUMNS_FROM = '440px';
const COLS = { base: 1, [TWO_COLUMNS_FROM]: 2 };

/**
 * The billing address fields of the checkout's billing step and the profile's Billing Address
 * card: street address, region, district (disabled until a region is chosen; 'Other (please
 * specify)' shows a text field), postal code (optional, 00000 when empty), country fixed Malawi.
 * `errors` are shown under the fields by key (address, region, state, otherState, postalCode).
 * Source: spec/shopping.md §2 "Checkout", §3 "Regions and districts", §5.
 */
export function BillingAddressFields({ value, errors, onChange }: { value: BillingForm; errors: FormErrors; onChange: (v: BillingForm) => void }) {
  const districts = districtsOf(value.region);
  return (
    <Stack gap="md">
      <TextInput
        label="Street address"
        withAsterisk
        value={value.address}
        onChange={(e) => onChange({ ...value, address: e.currentTarget.value })}
        error={errors.address}
        placeholder="House / plot number, street, area"
        autoComplete="street-address"
        data-testid="address"
      />
      <SimpleGrid type="container" cols={COLS} spacing="md">
        <Select
          label="Region"
          withAsterisk
          placeholder="Choose a region"
          data={REGION_NAMES}
          value={value.region || null}
          onChange={(r) => onChange({ ...value, region: r ?? '', state: '', otherState: '' })}
          error={errors.region}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="region"
        />
        <Select
          label="District"
          withAsterisk
          placeholder={value.region ? 'Choose a district' : 'Choose a region first'}
          data={districts}
          value={value.state || null}
          onChange={(d) => onChange({ ...value, state: d ?? '' })}
          disabled={!value.region}
          error={errors.state}
          searchable
          allowDeselect={false}
          data-testid="district"
        />
      </SimpleGrid>
      {value.state === OTHER_DISTRICT && (
        <TextInput
          label="District (please specify)"
          withAsterisk
          value={value.otherState ?? ''}
          onChange={(e) => onChange({ ...value, otherState: e.currentTarget.value })}
          error={errors.otherState}
          data-testid="other-district"
        />
      )}
      <SimpleGrid type="container" cols={COLS} spacing="md">
        <TextInput
          label="Postal code"
          description="Optional"
          placeholder="00000"
          value={value.postalCode}
          onChange={(e) => onChange({ ...value, postalCode: e.currentTarget.value })}
          error={errors.postalCode}
          autoComplete="postal-code"
          data-testid="postal-code"
        />
        <TextInput label="Country" value={BILLING_COUNTRY} readOnly disabled error={errors.country} />
      </SimpleGrid>
    </Stack>
  );
}
