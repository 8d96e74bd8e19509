/** Value of the district option that lets the buyer type a district. Source: spec/shopping.md §3. */
export const OTHER_DISTRICT = 'Other (please specify)';

/**
 * Malawi's regions and their districts, as the billing step offers them.
 * Source: spec/shopping.md §3 "Regions and districts".
 */
export const REGIONS: Readonly<Record<'Central' | 'Southern' | 'Northern', readonly string[]>> = {
  Central: ['Dowa', 'Kasungu', 'Lilongwe', 'Mchinji', 'Nkhotakota', 'Ntcheu', 'Ntchisi', 'Salima'],
  Southern: ['Balaka', 'Blantyre', 'Chikwawa', 'Chiradzulu', 'Machinga', 'Mangochi', 'Mulanje', 'Mwanza', 'Neno', 'Nsanje', 'Phalombe', 'Thyolo', 'Zomba'],
  Northern: ['Chitipa', 'Karonga', 'Likoma', 'Mzimba', 'Nkhata Bay', 'Rumphi'],
};

/** Region names in display order. */
export const REGION_NAMES = Object.keys(REGIONS) as (keyof typeof REGIONS)[];

/** Districts offered for a region, followed by 'Other (please specify)'; empty for an unknown region. */
export function districtsOf(region: string): string[] {
  const list = (REGIONS as Record<string, readonly string[]>)[region];
  return list ? [...list, OTHER_DISTRICT] : [];
}

/** Default postal code sent when the field is left empty. Source: spec/shopping.md §5, §9. */
export const DEFAULT_POSTAL_CODE = '00000';

/** The only country of the billing address. Source: spec/shopping.md §2 "Checkout". */
export const BILLING_COUNTRY = 'Malawi';
