/**
 * What the About page says. Source: spec/accounts-and-shell.md §1 (34+ years; services
 * auctioneering, estate agency, property valuations, repossession; stats 34+ years, 1000+
 * successful auctions, 100% client satisfaction) and §9 (business hours).
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
  /**
   * Business hours, in the 24-hour clock (en-GB, as every time Gavel shows) so that 5:00 cannot
   * read as 5 in the morning. Source: spec §9 "Business hours: Mon-Fri 8:00-5:00, Sat
   * 9:00-3:00, Sun closed"; the 24-hour clock: issue 20.
   */
  hours: [
    { days: 'Monday - Friday', time: '08:00 - 17:00' },
    { days: 'Saturday', time: '09:00 - 15:00' },
    { days: 'Sunday', time: 'Closed' },
  ],
  /** The business hours on one line (footers, contact blocks). */
  hoursLine: 'Mon-Fri 08:00-17:00, Sat 09:00-15:00, Sun closed',
  /** The branch whose office is the head office (its card says so; the map shows it). */
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
  email: 'info@gavel.mw',
  /** The embedded map (loaded on request; the page works without it). */
  mapEmbedUrl: 'https://maps.google.com/maps?q=Ginnery%20Corner%2C%20Blantyre%2C%20Malawi&z=15&output=embed',
  mapLinkUrl: 'https://www.google.com/maps/search/?api=1&query=Ginnery+Corner+Blantyre+Malawi',
} as const;
