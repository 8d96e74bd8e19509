import { useRealtimeBootstrap } from '../hooks/use-realtime-bootstrap';

/** Mount once inside the providers: keeps the socket and its app-wide events running. */
export function RealtimeBridge() {
  useRealtimeBootstrap();
  return null;
}
