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

const lower = (v: string) => v.trim().toLowerCase();

/** The region spelled as `name` (any case, outer spaces ignored), or undefined when it is not one of Malawi's three. */
export function regionNamed(name: string): keyof typeof REGIONS | undefined {
  return REGION_NAMES.find((r) => lower(r) === lower(name));
}

/** The region a listed district belongs to (any case), or undefined for a district not in the lists (a typed one). */
export function regionOfDistrict(district: string): keyof typeof REGIONS | undefined {
  return REGION_NAMES.find((r) => REGIONS[r].some((d) => lower(d) === lower(district)));
}

/** A listed district as the lists spell it ('nkhata bay' → 'Nkhata Bay'), or the trimmed input when it is not listed. */
export function districtNamed(district: string): string {
  const all = REGION_NAMES.flatMap((r) => REGIONS[r]);
  return all.find((d) => lower(d) === lower(district)) ?? district.trim();
}
