/**
 * What the About page says. Source: spec/accounts-and-shell.md §1 (34+ years; services
 * auctioneering, estate agency, property valuations, repossession; stats 34+ years, 1000+
 * successful auctions, 100% client satisfaction). The auctioneer's contact details and business
 * hours (spec §9) are the setting `auctioneer_contact` (shared/schemas/auctioneer-contact.schema.ts,
 * issue 13), its defaults what this page showed before.
 */
export const ABOUT = {
  yearsInBusiness: '34+',
  services: [
    {
      key: 'auctioneering',
      title: 'Auctioneering',
      text: 'Public, online and live auctions of vehicles, property, plant and household goods, run openly and on time.',
    },
    { key: 'estate', title: 'Estate Agency', text: 'Sales and letting of homes, plots and commercial premises across Malawi, from listing to handover.' },
    { key: 'valuation', title: 'Property Valuations', text: 'Independent valuations for banks, insurers, courts and owners, by registered valuers.' },
    { key: 'repossession', title: 'Repossession', text: 'Discreet recovery and disposal of assets on behalf of lenders and courts, fully documented.' },
  ],
  stats: [
    { value: '34+', label: 'Years in Business' },
    { value: '1000+', label: 'Successful Auctions' },
    { value: '100%', label: 'Client Satisfaction' },
  ],
  /** The branch whose office is the head office (its card says so). */
  headOfficeBranch: 'Blantyre',
  /**
   * The branches the lots are at, shown until `GET /ajax-branches` answers (or if it fails);
   * the page then lists the server's branches. Source: the seeded branches; issue 20.
   */
  offices: [
    { id: 1, name: 'Blantyre', address: 'Ginnery Corner, Masauko Chipembere Highway, Blantyre', phone: '+265 1 820 000' },
    { id: 2, name: 'Lilongwe', address: 'Area 28, Plot 28/112, Kanengo Road, Lilongwe', phone: '+265 1 750 000' },
    { id: 3, name: 'Mzuzu', address: 'Orton Chirwa Avenue, opposite Mzuzu Central Hospital, Mzuzu', phone: '+265 1 310 000' },
    { id: 4, name: 'Zomba', address: 'Kamuzu Highway, Matawale, Zomba', phone: '+265 1 525 000' },
  ],
} as const;
