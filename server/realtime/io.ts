import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { parse as parseCookie } from 'cookie';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server, type Socket } from 'socket.io';
import type { Logger } from 'pino';
import { MESSAGES } from '@shared/messages.js';
import { itemRoomPayloadSchema, MAX_REPLAYED_BIDS, REPLAY_WINDOW_MS, type Ack, type ClientToServerEvents, type ServerToClientEvents } from '@shared/events.js';
import { SESSION_COOKIE, hasRole, resolveAuth } from '../auth/auth.middleware.js';
import { GUEST_CART_COOKIE, hashGuestCartToken } from '../cart/cart-cookie.js';
import type { Database } from '../db/types.js';
import { AppError } from '../http/app-error.js';
import { isAllowedOrigin } from '../http/cross-site.js';
import { findBidCount, findBidIdsByCount, findBidsToReplay, findLotClosure } from '../bids/bids.repository.js';
import { rebuildBidEvents } from '../bids/bids.service.js';
import type { CommittedEvent } from '../events/domain-events.js';
import { findEventsAfter } from '../events/event-log.repository.js';
import { BidEventOrder } from './bid-event-order.js';
import type { EventBus } from './bus.js';
import { AdvertsFeed, startAdvertClock } from './advert-clock.js';
import { BidderNameMasking } from './bidder-name-masking.js';
import { credentialRoom, type CredentialSockets } from './credential-sockets.js';
import { RecentIds, bidPlacedPayload, createEventPresenter } from './event-presenter.js';
import { rooms } from './rooms.js';
import { attachLiveRoom, LiveRoomPresenter } from './live-room.js';
import type { CommandRunner } from '../events/command-runner.js';
import { LiveBidLane } from '../live/live-bid-lane.js';
import { coalesceSocketWrites, SOCKET_WRITE_WINDOW_MS } from './write-coalescing.js';
import { RecentLotChanges } from './recent-lot-changes.js';
import { loadIncrementTables } from '../bids/increments.repository.js';
import { findItemById } from '../items/items.repository.js';

/**
 * How much older than its stated age a joining view's copy of a lot is taken to be, ms: the
 * join's own travel from the browser and the time the read took (a lot changed within it is
 * sent once more, never missed).
 */
const DATA_AGE_MARGIN_MS = 2000;

interface SocketData {
  userId: number | null;
  /** Hash of the guest cart cookie's token, when the handshake carried one. */
  guestCartHash: string | null;
  /** Whether the socket's user had the admin role at the handshake (sees bidders' names in full). */
  operator: boolean;
  /** The room of the session or API token that signed the socket in (left when it is signed out). */
  credentialRoom: string | null;
}
/** The typed Socket.IO server of Gavel. */
export type GavelIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** A socket of {@link GavelIo}, with what the handshake learnt about it. */
export type GavelSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Role whose holders may join {@link rooms.adminOrders}. Source: spec/accounts-and-shell.md §6 (role check by name). */
const OPERATOR_ROLE = 'admin';

/** The credentials a socket's handshake carried: `auth: {token}` (preferred) or the session cookie. */
function handshakeCredentials(socket: GavelSocket): { bearer?: string; sessionId?: string; cookies: Record<string, string | undefined> } {
  const cookies = parseCookie(socket.handshake.headers.cookie ?? '');
  const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
  return { bearer: token, sessionId: cookies[SESSION_COOKIE], cookies };
}

/** How far back a process that lost its bus subscription reads the events it may have missed, ms. */
const MISSED_EVENTS_WINDOW_MS = 120_000;

/**
 * Starts Socket.IO on the HTTP server: refuses browser handshakes from foreign origins
 * (`allowedOrigins`), signs sockets in by the session cookie or `auth: {token}` (disconnected
 * when that credential is signed out, through `credentialSockets`), joins `user:{id}` (a guest with a cart cookie joins its guest cart room), sends `time:sync`, handles `item:subscribe` /
 * `item:unsubscribe` (payload validated, answered through the ack), `admin:orders:subscribe` /
 * `admin:orders:unsubscribe` (room `admin:orders`, admin role only: otherwise the ack answers
 * `{ok: false, error}` and the socket stays out), the live room's `live:join` / `live:leave` /
 * `live:bid` (server/realtime/live-room.ts), and emits bus events.
 * With `scaleOut` (REDIS_URL) it uses `@socket.io/redis-streams-adapter` on that connection
 * (stream `streamName`) with connection state recovery, so rooms survive a short disconnect
 * and cross-process features (fetchSockets, serverSideEmit) work. Domain events still go out
 * through `io.local` per process (every process gets each bus event), never through the
 * adapter, so nothing is doubled; the catch: such local packets are not replayed to a
 * recovered socket, so clients refetch what they show on reconnect.
 */
export function createRealtime(deps: {
  httpServer: HttpServer;
  db: Kysely<Database>;
  bus: EventBus;
  logger: Logger;
  scaleOut?: { redis: Redis; streamName: string };
  /** Milliseconds between checks of the shown adverts (default 1,000; see server/realtime/advert-clock.ts). */
  advertClockMs?: number;
  /**
   * Origins whose pages may open sockets besides the server's own host (server/http/cross-site.ts);
   * a browser handshake from any other Origin is refused. Non-browser clients send no Origin.
   */
  allowedOrigins?: readonly string[];
  /** Attached to this server, so a signed-out session's or token's sockets are disconnected. */
  credentialSockets?: CredentialSockets;
  /** Runs the live room's online bids (`live:bid`, issue 15); without it they are refused. */
  runner?: CommandRunner;
  /** A busy WebSocket's write window, ms (server/realtime/write-coalescing.ts; 0: off). */
  writeWindowMs?: number;
}): GavelIo {
  const allowedOrigins = deps.allowedOrigins ?? [];
  const io: GavelIo = new Server(deps.httpServer, {
    transports: ['websocket', 'polling'],
    // Cross-site WebSocket hijacking: a page of another site would otherwise open a socket with
    // the visitor's session cookie and receive their user room (issue 18).
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isAllowedOrigin(origin, req.headers.host, allowedOrigins));
    },
    serveClient: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    ...(deps.scaleOut
      ? {
          adapter: createAdapter(deps.scaleOut.redis, {
            streamName: deps.scaleOut.streamName,
            channelPrefix: deps.scaleOut.streamName,
            sessionKeyPrefix: `${deps.scaleOut.streamName}:session:`,
          }),
          connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000 },
        }
      : {}),
  });

  coalesceSocketWrites(io, deps.writeWindowMs ?? SOCKET_WRITE_WINDOW_MS);

  io.use(async (socket, next) => {
    try {
      const { bearer, sessionId, cookies } = handshakeCredentials(socket);
      const ctx = await resolveAuth(deps.db, { bearer, sessionId });
      socket.data.userId = ctx.user?.id ?? null;
      socket.data.operator = ctx.user ? hasRole(ctx.user, OPERATOR_ROLE) : false;
      socket.data.guestCartHash = hashGuestCartToken(cookies[GUEST_CART_COOKIE]);
      socket.data.credentialRoom = ctx.user ? credentialRoom({ sessionId: ctx.sessionId, tokenId: ctx.tokenId }) : null;
      next();
    } catch (err) {
      deps.logger.error({ err }, 'socket auth failed');
      next(new Error('Server error'));
    }
  });

  const liveBids = deps.runner ? new LiveBidLane({ db: deps.db, runner: deps.runner, logger: deps.logger }) : undefined;
  const recentChanges = new RecentLotChanges();

  /** Sends one socket lot `itemId` as it stands now (`item:updated`): its copy may have missed changes. */
  const sendLotAgain = async (socket: GavelSocket, itemId: number): Promise<void> => {
    const item = await findItemById(deps.db, itemId, await loadIncrementTables(deps.db));
    if (item) socket.emit('item:updated', item);
  };

  /**
   * Sends a socket that came back the bids of a lot it missed, in order (masked as the room gets
   * them), then `auction:closed` when the lot closed meanwhile. Too many, or a drop longer than
   * the window: `{reload: true}` (the client reads the lot again). Issue 17 "Live updates on a poor connection".
   */
  const replayMissedBids = async (socket: GavelSocket, itemId: number, afterBidId: number): Promise<Ack> => {
    const { ids, tooOld } = await findBidsToReplay(deps.db, itemId, afterBidId, MAX_REPLAYED_BIDS, REPLAY_WINDOW_MS);
    if (tooOld || ids.length > MAX_REPLAYED_BIDS) return { ok: true, reload: true };
    const events = await rebuildBidEvents(deps.db, ids);
    for (const event of events) {
      if (event.type !== 'bid.placed') continue;
      const payload = bidPlacedPayload(event.payload);
      if (masking.enabled) masking.emit(socket.id, payload);
      else socket.emit('bid:placed', payload);
    }
    const closure = await findLotClosure(deps.db, itemId);
    if (closure && closure.status !== 'available' && closure.status !== 'withdrawn') {
      socket.emit('auction:closed', { item_id: itemId, closed_by: closure.closed_by, status: closure.status as 'sold' | 'unsold' });
    }
    return { ok: true, replayed: events.length };
  };

  io.on('connection', (socket: GavelSocket) => {
    if (socket.data.credentialRoom) void socket.join(socket.data.credentialRoom);
    if (socket.data.userId != null) void socket.join(rooms.user(socket.data.userId));
    else if (socket.data.guestCartHash) void socket.join(rooms.guestCart(socket.data.guestCartHash));
    socket.emit('time:sync', { now: new Date().toISOString() });

    const roomHandler = (join: boolean) => (payload: unknown, ack?: (a: Ack) => void) => {
      const parsed = itemRoomPayloadSchema.safeParse(payload);
      if (!parsed.success) {
        ack?.({ ok: false, error: 'item_id must be a positive integer' });
        return;
      }
      const room = rooms.item(parsed.data.item_id);
      void (join ? socket.join(room) : socket.leave(room));
      const age = parsed.data.data_age_ms;
      if (join && age != null && recentChanges.changedSince(parsed.data.item_id, Date.now() - age - DATA_AGE_MARGIN_MS)) {
        // Joined first, then read: a change committed meanwhile may come twice (the lot's copy takes the newest).
        void sendLotAgain(socket, parsed.data.item_id).catch(warn);
      }
      if (join && order) void findBidCount(deps.db, parsed.data.item_id).then((n) => order.expect(parsed.data.item_id, n + 1), warn);
      if (join && parsed.data.after_bid_id != null) {
        // Joined first, then read: a bid committed meanwhile may come twice (clients drop a bid id they have).
        void replayMissedBids(socket, parsed.data.item_id, parsed.data.after_bid_id).then(
          (answer) => ack?.(answer),
          (err: unknown) => {
            warn(err);
            ack?.({ ok: true, reload: true });
          },
        );
        return;
      }
      ack?.({ ok: true });
    };
    socket.on('item:subscribe', roomHandler(true));
    socket.on('item:unsubscribe', roomHandler(false));

    // Operators' room. The role is checked again at join time, from the handshake's credentials
    // (a session signed out or a role taken away since the handshake no longer qualifies).
    socket.on('admin:orders:subscribe', async (ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const { user } = await resolveAuth(deps.db, handshakeCredentials(socket));
        if (!user) return reply({ ok: false, error: MESSAGES.unauthenticated });
        if (!hasRole(user, OPERATOR_ROLE)) return reply({ ok: false, error: AppError.forbidden().message });
        await socket.join(rooms.adminOrders);
        reply({ ok: true });
      } catch (err) {
        deps.logger.error({ err }, 'admin:orders:subscribe failed');
        reply({ ok: false, error: 'Server error' });
      }
    });
    socket.on('admin:orders:unsubscribe', (ack) => {
      void socket.leave(rooms.adminOrders);
      if (typeof ack === 'function') ack({ ok: true });
    });
    attachLiveRoom(socket, { db: deps.db, bids: liveBids, logger: deps.logger });
  });

  // A repeated delivery (the relay publishing what a crashed process had already sent) is
  // dropped by its event id. Across processes (Redis), each item's bid events are put back in
  // commit order; one process alone publishes them in order already.
  deps.credentialSockets?.attach(io);
  const adverts = new AdvertsFeed({ io, db: deps.db, logger: deps.logger });
  const stopAdvertClock = startAdvertClock(adverts, deps.advertClockMs);
  const masking = new BidderNameMasking({ io, db: deps.db, logger: deps.logger });
  void masking.reload();
  const live = new LiveRoomPresenter({ io, db: deps.db, logger: deps.logger });
  const present = createEventPresenter({ io, db: deps.db, logger: deps.logger, adverts, masking, live, liveBids });
  const seen = new RecentIds();
  // Events lost between processes (the subscription reconnecting) are read back from the
  // database: an item's missing bids when its sequence has a gap, and everything since the last
  // event seen when the bus comes back.
  const refetch = async (itemId: number, from: number, to: number | null) =>
    (await rebuildBidEvents(deps.db, await findBidIdsByCount(deps.db, itemId, from, to))).filter((e) => seen.firstTime(e.id));
  const warn = (err: unknown) => deps.logger.warn({ err }, 'reading missed events failed');
  const order = deps.scaleOut ? new BidEventOrder(present, undefined, undefined, undefined, refetch, warn) : null;
  let lastLoggedId = 0;
  const startedAt = Date.now();
  const accept = (event: CommittedEvent) => {
    recentChanges.note(event);
    if (event.id.startsWith('e')) lastLoggedId = Math.max(lastLoggedId, Number(event.id.slice(1)) || 0);
    if (order) order.accept(event);
    else present(event);
  };
  const unsubscribe = deps.bus.subscribe((event) => {
    if (seen.firstTime(event.id)) accept(event);
  });
  const catchUp = async () => {
    await order?.catchUp();
    const window = Math.min(MISSED_EVENTS_WINDOW_MS, Date.now() - startedAt);
    for (const event of await findEventsAfter(deps.db, lastLoggedId, window, 1000)) if (seen.firstTime(event.id)) accept(event);
  };
  const stopCatchingUp = deps.bus.onReconnect?.(() => {
    void catchUp().catch(warn);
    // The subscription itself may come back a moment after the connection: look once more.
    setTimeout(() => void catchUp().catch(warn), 1000).unref();
  });
  io.engine.on('close', () => {
    stopAdvertClock();
    unsubscribe();
    stopCatchingUp?.();
    order?.close();
  });
  return io;
}
