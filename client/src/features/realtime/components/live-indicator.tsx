import { Badge } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip/tooltip';
import { useAtomValue } from 'jotai';
import { socketConnectedAtom, socketEverConnectedAtom } from '../../../lib/socket';

/** What the badge says in each state of the connection: before its first connect, connected, dropped. */
const LOOK = {
  connecting: { label: 'Connecting…', tip: 'Connecting to live updates', color: 'gray' },
  live: { label: 'Live updates', tip: 'Prices and bids update in real time', color: 'green' },
  reconnecting: { label: 'Reconnecting…', tip: 'Trying to reconnect to live updates', color: 'gray' },
} as const;

/** Small 'Connecting…' / 'Live updates' / 'Reconnecting…' badge showing the socket connection. */
export function LiveIndicator() {
  const connected = useAtomValue(socketConnectedAtom);
  const everConnected = useAtomValue(socketEverConnectedAtom);
  const look = LOOK[connected ? 'live' : everConnected ? 'reconnecting' : 'connecting'];
  return (
    <Tooltip label={look.tip}>
      <Badge variant="dot" color={look.color} size="sm" data-testid="live-indicator" data-connected={connected ? 'true' : 'false'}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
