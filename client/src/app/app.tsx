import { AppProviders } from './providers';
import { AppRouter } from './router';
import { RealtimeBridge } from '../features/realtime/components/realtime-bridge';
import { WatchlistBridge } from './watchlist-bridge';

/** The Gavel client: providers, the realtime bridge and the router. */
export function App() {
  return (
    <AppProviders>
      <RealtimeBridge />
      <WatchlistBridge />
      <AppRouter />
    </AppProviders>
  );
}
