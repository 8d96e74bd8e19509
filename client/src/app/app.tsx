import { AppProviders } from './providers';
import { AppRouter } from './router';
import { RealtimeBridge } from '../features/realtime/components/realtime-bridge';
import { WatchlistBridge } from './watchlist-bridge';
import { LotFeed } from './lot-feed';

/** The Gavel client: providers, the realtime bridge, the lot feed and the router. */
export function App() {
  return (
    <AppProviders>
      <RealtimeBridge />
      <WatchlistBridge />
      <LotFeed />
      <AppRouter />
    </AppProviders>
  );
}
