import { Badge, Tooltip } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { socketConnectedAtom } from '../../../lib/socket';

/** Small 'Live updates' / 'Reconnecting…' badge showing the socket connection. */
export function LiveIndicator() {
  const connected = useAtomValue(socketConnectedAtom);
  return (
    <Tooltip label={connected ? 'Prices and bids update in real time' : 'Trying to reconnect to live updates'}>
      <Badge variant="dot" color={connected ? 'green' : 'gray'} size="sm" data-testid="live-indicator" data-connected={connected ? 'true' : 'false'}>
        {connected ? 'Live updates' : 'Reconnecting…'}
      </Badge>
    </Tooltip>
  );
}
