import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { getSocket, socketConnectedAtom, socketEverConnectedAtom } from '../../../lib/socket';
import { serverOffsetMsAtom } from '../../../lib/server-clock';
import { notifyWarning } from '../../../lib/notify';
import { formatMK } from '@shared/rules/money';
import { bidOutbidEventSchema, timeSyncEventSchema } from '@shared/events';

/**
 * Opens the app's socket once and wires the app-wide events: `time:sync` sets the server
 * clock offset used by every countdown; `bid:outbid` (sent to the previous leader's user room)
 * shows 'You have been outbid'. Source: DESIGN.md "Socket.IO".
 */
export function useRealtimeBootstrap(): void {
  const setOffset = useSetAtom(serverOffsetMsAtom);
  const setConnectedNow = useSetAtom(socketConnectedAtom);
  const setEverConnected = useSetAtom(socketEverConnectedAtom);

  useEffect(() => {
    const socket = getSocket();
    const setConnected = (connected: boolean) => {
      setConnectedNow(connected);
      if (connected) setEverConnected(true);
    };
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    const onTimeSync = (raw: unknown) => {
      const parsed = timeSyncEventSchema.safeParse(raw);
      if (!parsed.success) return;
      const server = new Date(parsed.data.now).getTime();
      if (Number.isFinite(server)) setOffset(server - Date.now());
    };
    const onOutbid = (raw: unknown) => {
      const parsed = bidOutbidEventSchema.safeParse(raw);
      if (!parsed.success) return;
      notifyWarning(`A higher bid of ${formatMK(parsed.data.bid_amount)} beat your bid of ${formatMK(parsed.data.your_bid)}.`, 'You have been outbid');
    };
    setConnected(socket.connected);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('time:sync', onTimeSync);
    socket.on('bid:outbid', onOutbid);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('time:sync', onTimeSync);
      socket.off('bid:outbid', onOutbid);
    };
  }, [setConnectedNow, setEverConnected, setOffset]);
}
