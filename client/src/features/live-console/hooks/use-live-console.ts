import { useCallback, useEffect, useRef, useState } from 'react';
import { liveJoinAckSchema, liveStateSchema, type LiveAction, type LiveConsoleLot, type LiveState } from '@shared/schemas/live-sale.schema';
import { ApiError, fieldMessages } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { getSocket } from '../../../lib/socket';
import { getLiveConsole, type LiveConsoleData } from '../api/get-live-console';
import { runClerkAction, type ClerkActionBody } from '../api/run-clerk-action';

/** What {@link useLiveConsole} gives the console. */
export interface LiveConsoleModel {
  /** The room as operators see it; null until the first answer. */
  state: LiveState | null;
  /** The sale's lots in order. */
  lots: LiveConsoleLot[];
  /** Why the console cannot be shown (unknown sale, not a live auction, no connection); null when it can. */
  loadError: string | null;
  /** Whether the live pushes are connected. */
  connected: boolean;
  /** The action being sent, or null: one at a time, so a double tap does not take two bids. */
  busy: LiveAction | null;
  /** Sends a clerk's action; resolves true when the room took it (a refusal is shown as a toast). */
  act: (action: LiveAction, body?: ClerkActionBody) => Promise<boolean>;
}

/** The text of a failed action: a 422's field messages, else the server's message. */
function failureText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.isNetworkError) return 'The server could not be reached: check the connection and try again.';
    return fieldMessages(e.body).join(' ') || e.message;
  }
  return 'The action could not be sent.';
}

/**
 * The clerk's console's data for sale `saleId` (issue 15 "The clerk's console"): reads
 * `GET /api/admin/live/{saleId}`, joins the sale's live room (`live:join`, again on every
 * reconnect) and keeps the pushed `live:state` with the highest `seq` (older snapshots are
 * dropped). When a newer state has another lot on the block or another status, the lots list is
 * read again so its statuses (sold to, unsold) stay right. `act` sends one action at a time and
 * shows a refusal (409 `{message}`, 422 `{message, errors}`) as an error toast, keeping the state.
 */
export function useLiveConsole(saleId: number): LiveConsoleModel {
  const [state, setState] = useState<LiveState | null>(null);
  const [lots, setLots] = useState<LiveConsoleLot[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [connected, setConnected] = useState(() => getSocket().connected);
  const [busy, setBusy] = useState<LiveAction | null>(null);
  const stateRef = useRef<LiveState | null>(null);
  const busyRef = useRef(false);
  /** Grows with every lots request, so an older answer never replaces a newer list. */
  const lotsTicket = useRef(0);

  /** Takes `next` when it is newer than what is shown; answers whether the lot or the status changed. */
  const applyState = useCallback(
    (next: LiveState): boolean => {
      const prev = stateRef.current;
      if (next.sale_id !== saleId) return false;
      if (prev && next.seq <= prev.seq) return false;
      stateRef.current = next;
      setState(next);
      return !prev || prev.lot?.id !== next.lot?.id || prev.status !== next.status;
    },
    [saleId],
  );

  const applyData = useCallback(
    (data: LiveConsoleData, ticket: number) => {
      applyState(data.state);
      if (ticket === lotsTicket.current) setLots(data.lots);
    },
    [applyState],
  );

  const reload = useCallback(async () => {
    const ticket = ++lotsTicket.current;
    try {
      applyData(await getLiveConsole(saleId), ticket);
      setLoadError(null);
    } catch (e) {
      if (stateRef.current) return; // A failed refresh keeps what is shown; the next push tries again.
      if (e instanceof ApiError && e.status === 404) setLoadError('Sale not found');
      else if (e instanceof ApiError && !e.isNetworkError) setLoadError(e.message);
      else setLoadError('The console could not be loaded: check the connection and reload the page.');
    }
  }, [saleId, applyData]);

  useEffect(() => {
    stateRef.current = null;
    void reload();
  }, [reload]);

  useEffect(() => {
    const socket = getSocket();
    const join = () =>
      socket.emit('live:join', { sale_id: saleId }, (raw) => {
        const ack = liveJoinAckSchema.safeParse(raw);
        if (!ack.success) return;
        if (!ack.data.ok) {
          notifyError(ack.data.message);
          return;
        }
        applyState(ack.data.state);
        // After a (re)connect the lots may have moved while we were away.
        void reload();
      });
    const onState = (raw: unknown) => {
      const parsed = liveStateSchema.safeParse(raw);
      if (parsed.success && applyState(parsed.data)) void reload();
    };
    const onConnect = () => {
      setConnected(true);
      join();
    };
    const onDisconnect = () => setConnected(false);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('live:state', onState);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('live:state', onState);
      if (socket.connected) socket.emit('live:leave', { sale_id: saleId });
    };
  }, [saleId, applyState, reload]);

  const act = useCallback(
    async (action: LiveAction, body?: ClerkActionBody): Promise<boolean> => {
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(action);
      const ticket = ++lotsTicket.current;
      try {
        applyData(await runClerkAction(saleId, action, body), ticket);
        return true;
      } catch (e) {
        notifyError(failureText(e));
        if (e instanceof ApiError && e.isNetworkError) void reload();
        return false;
      } finally {
        busyRef.current = false;
        setBusy(null);
      }
    },
    [saleId, applyData, reload],
  );

  return { state, lots, loadError, connected, busy, act };
}
