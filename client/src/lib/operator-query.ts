/**
 * Query options every operator screen's read shares: an answer is stale at once, so a screen
 * opened again shows its cached rows straight away and reads them again behind them (another
 * operator, a job or the socket may have changed them meanwhile), as the screens did before the
 * cache. Operators act on what a screen shows them; the 15 s freshness of lib/query-client.ts is for
 * bidders' reads, which the socket keeps live.
 */
export const operatorReadOptions = { staleTime: 0 } as const;
