/** The stats a win rate is read from (the dashboard's `stats`). */
export interface WinRateStats {
  won_auctions: number;
  lost_auctions: number;
  /** Percent, one decimal; the server answers 0 while nothing is decided. */
  win_rate: number;
}

/**
 * Value of the bid dashboard's Win Rate % card: '—' while none of the auctions the user bid on
 * has finished (won + lost = 0: there is no rate yet, not a rate of 0), else the rate as
 * '67%' / '66.7%'. Source: spec/accounts-and-shell.md §2 "Win Rate %"; the dash: issue 20.
 */
export function winRateText(stats: WinRateStats): string {
  if (stats.won_auctions + stats.lost_auctions <= 0) return '—';
  return `${stats.win_rate}%`;
}
