import { useCallback, useEffect, useRef, useState } from 'react';
import { liveStateSchema, type LiveBidInput, type LiveJoinAck, type LiveState } from '@shared/schemas/live-sale.schema';
import { getSocket, reconnectSocket } from '../../../lib/socket';
import { joinLiveRoom } from '../api/join-live-room';
import { BidAckTimeoutError, newIdempotencyKey, sendLiveBid } from '../api/send-live-bid';

/** What the room says about the viewer: their user id (null for a guest), whether they may bid and their registration's status. */
export type LiveViewer = Extract<LiveJoinAck, { ok: true }>['viewer'];

/** Where the viewer's last press of the bid button stands. Amounts in whole MWK. */
export interface LiveBidStatus {
  /** The press being sent (its lot and amount), or null: one at a time. */
  pending: { lot_id: number; amount: number } | null;
  /** The pending press waits for the connection to come back, to be sent again with its key. */
  waitingForConnection: boolean;
  /** The refusal or failure of the last press, with its lot (shown while that lot is on the block). */
  error: { lot_id: number; message: string } | null;
  /** The last press the room took, and whether it led when taken. */
  accepted: { lot_id: number; amount: number; leading: boolean } | null;
}

/** What {@link useLiveRoom} gives the page. */
export interface LiveRoomModel {
  /** The room's newest state (highest `seq`), null until the first snapshot. */
  state: LiveState | null;
  /** The viewer as the last `live:join` answered; null until then. */
  viewer: LiveViewer | null;
  /** Why the room cannot be joined ('Sale not found', not a live sale, no answer), else null. */
  joinError: string | null;
  /** Connected and joined on this connection: the state shown is live. */
  live: boolean;
  bid: LiveBidStatus;
  /** Bids (ids) that arrived with the latest snapshots, for a short highlight. */
  freshBidIds: ReadonlySet<number>;
  /** Bids the `asking` of the lot on the block (one press, one key); no-op while a press is in flight. */
  placeBid: () => void;
}

/** A press being sent: its input (key included) and how many times it was sent. */
interface PendingBid {
  input: LiveBidInput;
  tries: number;
}

/** A press is sent at most this many times (all with the same key) before the page gives up. */
const MAX_TRIES = 3;
/** How long new bids stay highlighted (ms). */
const FRESH_MS = 2500;
/** Wait before joining again after a join that got no answer (ms). */
const REJOIN_DELAY_MS = 3000;

const IDLE: LiveBidStatus = { pending: null, waitingForConnection: false, error: null, accepted: null };
const NONE: ReadonlySet<number> = new Set();

/** Shown when a press got no answer after every try. */
export const BID_UNCONFIRMED = 'Your bid could not be confirmed: the connection is poor. Check the bids below before bidding again.';

/**
 * The bidder's live room of sale `saleId` (issue 15 "The bidder's live room"): joins the room
 * (`live:join`, again on every reconnect, taking that snapshot and the viewer it answers), keeps
 * the pushed `live:state` with the highest `seq` (a snapshot with a lower or equal `seq` is
 * dropped, so nothing is doubled or goes backwards) and sends the viewer's bids. One press is one
 * idempotency key; a press without an acknowledgement within 5 s makes the socket connect afresh
 * and is sent again with the SAME key once connected (at most {@link MAX_TRIES} sends), so a
 * dropped connection never makes two bids.
 * A refusal's text (e.g. 'Another bid was taken first at MK 1,250,000') is kept for its lot.
 */
export function useLiveRoom(saleId: number): LiveRoomModel {
  const [state, setState] = useState<LiveState | null>(null);
  const [viewer, setViewer] = useState<LiveViewer | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const [bid, setBid] = useState<LiveBidStatus>(IDLE);
  const [freshBidIds, setFreshBidIds] = useState<ReadonlySet<number>>(NONE);
  const stateRef = useRef<LiveState | null>(null);
  const viewerRef = useRef<LiveViewer | null>(null);
  const pendingRef = useRef<PendingBid | null>(null);
  const freshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Takes `next` when it is this sale's and newer than what is shown; marks the lot's new bids fresh. */
  const applyState = useCallback(
    (next: LiveState) => {
      const prev = stateRef.current;
      if (next.sale_id !== saleId) return;
      if (prev && next.seq <= prev.seq) return;
      stateRef.current = next;
      setState(next);
      if (!prev || prev.lot?.id !== next.lot?.id) return;
      const known = new Set(prev.bids.map((b) => b.id));
      const added = next.bids.filter((b) => !known.has(b.id)).map((b) => b.id);
      if (added.length === 0) return;
      setFreshBidIds(new Set(added));
      clearTimeout(freshTimer.current);
      freshTimer.current = setTimeout(() => setFreshBidIds(NONE), FRESH_MS);
    },
    [saleId],
  );

  /** Sends the pending press (again, same key) when connected; otherwise the next connect does. */
  const trySend = useCallback(
    (p: PendingBid) => {
      const socket = getSocket();
      if (pendingRef.current !== p) return;
      if (!socket.connected) {
        setBid((b) => ({ ...b, waitingForConnection: true }));
        return;
      }
      if (p.tries >= MAX_TRIES) {
        pendingRef.current = null;
        setBid({ ...IDLE, error: { lot_id: p.input.lot_id, message: BID_UNCONFIRMED } });
        return;
      }
      p.tries += 1;
      const thisTry = p.tries;
      setBid((b) => ({ ...b, waitingForConnection: false }));
      sendLiveBid(socket, p.input).then(
        (ack) => {
          if (pendingRef.current !== p || p.tries !== thisTry) return;
          pendingRef.current = null;
          if (ack.state) applyState(ack.state);
          const { lot_id, amount } = p.input;
          setBid(ack.ok ? { ...IDLE, accepted: { lot_id, amount, leading: ack.leading } } : { ...IDLE, error: { lot_id, message: ack.message } });
        },
        (e: unknown) => {
          if (pendingRef.current !== p || p.tries !== thisTry) return;
          if (e instanceof BidAckTimeoutError) {
            if (p.tries >= MAX_TRIES) {
              trySend(p);
              return;
            }
            // A connection that lost an answer is often dead before the client notices (a phone
            // that changed network): open a new one; its connect joins again and sends the press.
            setBid((b) => ({ ...b, waitingForConnection: true }));
            reconnectSocket();
            return;
          }
          pendingRef.current = null;
          setBid({ ...IDLE, error: { lot_id: p.input.lot_id, message: e instanceof Error ? e.message : BID_UNCONFIRMED } });
        },
      );
    },
    [applyState],
  );

  useEffect(() => {
    const socket = getSocket();
    let active = true;
    let rejoinTimer: ReturnType<typeof setTimeout> | undefined;
    const join = () => {
      joinLiveRoom(socket, saleId).then(
        (ack) => {
          if (!active) return;
          if (!ack.ok) {
            setJoinError(ack.message);
            setLive(false);
            return;
          }
          setJoinError(null);
          viewerRef.current = ack.viewer;
          setViewer(ack.viewer);
          applyState(ack.state);
          setLive(socket.connected);
        },
        () => {
          if (!active) return;
          if (!stateRef.current) setJoinError('The live room is not answering. Trying again…');
          clearTimeout(rejoinTimer);
          if (socket.connected) rejoinTimer = setTimeout(join, REJOIN_DELAY_MS);
        },
      );
    };
    const onConnect = () => {
      join();
      // A press whose answer was lost with the old connection goes again, with its own key.
      const p = pendingRef.current;
      if (p) {
        trySend(p);
      }
    };
    const onDisconnect = () => {
      setLive(false);
      if (pendingRef.current) setBid((b) => ({ ...b, waitingForConnection: true }));
    };
    const onState = (raw: unknown) => {
      const parsed = liveStateSchema.safeParse(raw);
      if (parsed.success) applyState(parsed.data);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('live:state', onState);
    if (socket.connected) join();
    return () => {
      active = false;
      clearTimeout(rejoinTimer);
      clearTimeout(freshTimer.current);
      pendingRef.current = null;
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('live:state', onState);
      if (socket.connected) socket.emit('live:leave', { sale_id: saleId });
    };
  }, [saleId, applyState, trySend]);

  const placeBid = useCallback(() => {
    const s = stateRef.current;
    if (pendingRef.current || !s?.lot || s.asking == null || !viewerRef.current?.can_bid) return;
    const p: PendingBid = {
      input: { sale_id: saleId, lot_id: s.lot.id, amount: s.asking, idempotency_key: newIdempotencyKey() },
      tries: 0,
    };
    pendingRef.current = p;
    setBid({ ...IDLE, pending: { lot_id: p.input.lot_id, amount: p.input.amount } });
    trySend(p);
  }, [saleId, trySend]);

  return { state, viewer, joinError, live, bid, freshBidIds, placeBid };
}
