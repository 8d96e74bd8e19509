/** Query keys of the About page's reads. */
export const aboutKeys = {
  /** `GET /api/site/contact`. */
  contact: ['about', 'auctioneer-contact'] as const,
  /** `GET /ajax-branches` with each office. */
  branchOffices: ['about', 'branch-offices'] as const,
};
