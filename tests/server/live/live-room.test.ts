import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { LiveBidAck, LiveJoinAck, LiveState } from '@shared/schemas/live-sale.schema.js';
import { closeAuction } from '../../../server/auctions/auctions.commands.js';
import { systemActor } from '../../../server/events/domain-events.js';
import { createAuctionType, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let clerk: TestClient;
const sockets: Socket[] = [];

/** A signed-in (or guest) socket that keeps every `live:state` it hears. */
async function openSocket(token?: string): Promise<{ socket: Socket; states: LiveState[] }> {
  const socket = connect(server.url, { transports: ['websocket'], auth: token ? { token } : {}, forceNew: true });
  sockets.push(socket);
  const states: LiveState[] = [];
  socket.on('live:state', (s: LiveState) => states.push(s));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, states };
}

const join = (socket: Socket, saleId: number) => socket.timeout(10_000).emitWithAck('live:join', { sale_id: saleId }) as Promise<LiveJoinAck>;
const bid = (socket: Socket, body: { sale_id: number; lot_id: number; amount: number; idempotency_key: string }) =>
  socket.timeout(10_000).emitWithAck('live:bid', body) as Promise<LiveBidAck>;

/** A clerk action; the answer's state (or the refusal's status and message). */
async function act(saleId: number, action: string, body: Record<string, unknown> = {}) {
  const res = await clerk.post(`/api/admin/live/${saleId}/${action}`, body);
  return { status: res.status, state: res.body?.data?.state as LiveState, lots: res.body?.data?.lots, message: res.body?.message as string };
}

/** An approved registration for the sale. */
async function approve(saleId: number, userId: number) {
  await server.database.db
    .insertInto('auction_subscriptions')
    .values({ user_id: userId, auction_type_id: saleId, reference_number: `REF-${userId}`, status: 'active', decline_reason: null, reviewed_by: null })
    .execute();
}

describe('the live sale room and the clerk’s console (issue 15)', () => {
  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
    const op = await createCustomer(server.database.db, { name: 'Clerk Tembo' });
    await grantRole(server.database.db, op.id, 'admin');
    clerk = new TestClient(server.url, op.token);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.stop();
  });

  it('when a clerk runs three lots against the room and two online bidders, then bids, fair warning, sold, pass and undo go to every page in order, the online winner is invoiced once and races are decided once', async () => {
    const db = server.database.db;
    const saleId = await createAuctionType(db, 'live');
    const lot1 = await createItem(db, { auction_type_id: saleId, name: 'Toyota Hilux 2015', target_amount: 10_000_000 });
    const lot2 = await createItem(db, { auction_type_id: saleId, name: 'Honda generator', target_amount: 500_000 });
    const lot3 = await createItem(db, { auction_type_id: saleId, name: 'Office chairs (6)', target_amount: 60_000 });
    await db.insertInto('increment_bands').values({ auction_type_id: saleId, from_amount: 0, increment: 50_000 }).execute();
    const thoko = await createCustomer(db, { name: 'Thoko Banda' });
    const chikondi = await createCustomer(db, { name: 'Chikondi Phiri' });
    const stranger = await createCustomer(db, { name: 'Not Registered' });
    await approve(saleId, thoko.id);
    await approve(saleId, chikondi.id);
    // An absentee maximum left before the sale on lot 2.
    const absentee = await new TestClient(server.url, chikondi.token).post('/ajax-bid', { item_id: lot2, amount: 550_000, max_amount: 800_000 });
    expect(absentee.status).toBe(200);

    const watcher = await openSocket();
    const a = await openSocket(thoko.token);
    const b = await openSocket(chikondi.token);
    const c = await openSocket(stranger.token);
    const joined = await join(watcher.socket, saleId);
    expect(joined).toMatchObject({ ok: true, state: { status: 'waiting', lot: null, seq: 0 }, viewer: { user_id: null, can_bid: false } });
    expect((await join(a.socket, saleId)) as { viewer: unknown }).toMatchObject({ viewer: { user_id: thoko.id, can_bid: true, registration: 'active' } });
    await join(b.socket, saleId);
    expect(((await join(c.socket, saleId)) as { viewer: { can_bid: boolean } }).viewer.can_bid).toBe(false);

    // Lot 1: the room bids (two paddles), then Thoko online; Chikondi's press at the same asking price comes second.
    let r = await act(saleId, 'floor-bid');
    expect(r.status).toBe(409);
    expect(r.message).toBe('No lot is open for bids.');
    r = await act(saleId, 'open');
    expect(r.status).toBe(200);
    expect(r.state).toMatchObject({ status: 'open', lot: { id: lot1, name: 'Toyota Hilux 2015' }, asking: 10_050_000, high_bid: null });
    // While it is on the block, the lot takes bids only in the room.
    const direct = await new TestClient(server.url, thoko.token).post('/ajax-bid', { item_id: lot1, amount: 10_050_000 });
    expect(direct.status).toBe(409);
    expect(direct.body.message).toBe('This lot is being sold live: bid in the live room.');
    r = await act(saleId, 'floor-bid', { paddle: '12' });
    expect(r.state).toMatchObject({ high_bid: 10_050_000, high_bidder: { kind: 'room', paddle: '12' }, asking: 10_100_000 });
    r = await act(saleId, 'floor-bid', { paddle: '7' });
    expect(r.state).toMatchObject({ high_bid: 10_100_000, high_bidder: { kind: 'room', paddle: '7' }, asking: 10_150_000 });
    const [first, second] = await Promise.all([
      bid(a.socket, { sale_id: saleId, lot_id: lot1, amount: 10_150_000, idempotency_key: 'thoko-press-0001' }),
      bid(b.socket, { sale_id: saleId, lot_id: lot1, amount: 10_150_000, idempotency_key: 'chiko-press-0001' }),
    ]);
    const winners = [first, second].filter((x) => x.ok);
    expect(winners).toHaveLength(1);
    const loser = [first, second].find((x) => !x.ok) as { message: string };
    expect(loser.message).toBe('Another bid was taken first at MK 10,150,000');
    const thokoFirst = first.ok;
    const leaderId = thokoFirst ? thoko.id : chikondi.id;
    const leaderSocket = thokoFirst ? a.socket : b.socket;
    const leaderKey = thokoFirst ? 'thoko-press-0001' : 'chiko-press-0001';
    // The same press again (a retry after a dropped connection) is answered without a second bid.
    expect(await bid(leaderSocket, { sale_id: saleId, lot_id: lot1, amount: 10_150_000, idempotency_key: leaderKey })).toMatchObject({
      ok: true,
      leading: true,
    });
    expect(await bid(c.socket, { sale_id: saleId, lot_id: lot1, amount: 10_200_000, idempotency_key: 'stranger-0001' })).toEqual({
      ok: false,
      message: 'Only bidders approved for this sale may bid.',
    });
    const console1 = (await clerk.get(`/api/admin/live/${saleId}`)).body.data;
    expect(console1.state).toMatchObject({ high_bid: 10_150_000, high_bidder: { kind: 'online', user_id: leaderId } });
    expect(console1.state.high_bidder.name).toBe(thokoFirst ? 'Thoko Banda' : 'Chikondi Phiri');
    expect(console1.state.bids.map((x: { amount: number; kind: string }) => [x.amount, x.kind])).toEqual([
      [10_150_000, 'online'],
      [10_100_000, 'room'],
      [10_050_000, 'room'],
    ]);
    expect((await db.selectFrom('bids').select('id').where('item_id', '=', lot1).execute()).length).toBe(3);

    r = await act(saleId, 'fair-warning');
    expect(r.state.status).toBe('fair_warning');
    r = await act(saleId, 'sold');
    expect(r.state).toMatchObject({ status: 'sold', high_bid: 10_150_000 });
    expect((await act(saleId, 'sold')).message).toBe('Lot 1 is already sold.');
    expect((await act(saleId, 'undo')).message).toBe('A sold lot stays sold: release it from the buyer’s invoice instead.');
    const invoices = await db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['orders.user_id', 'orders.sale_id', 'order_lines.unit_price'])
      .where('order_lines.item_id', '=', lot1)
      .execute();
    expect(invoices).toEqual([{ user_id: leaderId, sale_id: saleId, unit_price: 10_150_000 }]);

    // Lot 2: a floor bid meets Chikondi's absentee maximum, which answers for her; Undo takes both back.
    r = await act(saleId, 'next');
    expect(r.state).toMatchObject({ status: 'open', lot: { id: lot2 }, high_bid: 550_000, high_bidder: { kind: 'online', user_id: chikondi.id } });
    r = await act(saleId, 'floor-bid', { paddle: '3' });
    expect(r.state).toMatchObject({ high_bid: 650_000, high_bidder: { kind: 'online', user_id: chikondi.id } });
    expect(r.state.bids[0]).toMatchObject({ amount: 650_000, kind: 'online', automatic: true });
    expect(r.state.bids[1]).toMatchObject({ amount: 600_000, kind: 'room', paddle: '3' });
    r = await act(saleId, 'undo');
    expect(r.state).toMatchObject({ status: 'open', high_bid: 550_000, high_bidder: { kind: 'online', user_id: chikondi.id } });
    r = await act(saleId, 'pause');
    expect(r.state.status).toBe('paused');
    expect((await act(saleId, 'floor-bid')).message).toBe('The sale is paused.');
    expect(await bid(a.socket, { sale_id: saleId, lot_id: lot2, amount: 600_000, idempotency_key: 'thoko-press-0002' })).toEqual({
      ok: false,
      message: 'The sale is paused.',
    });
    r = await act(saleId, 'resume');
    expect(r.state.status).toBe('open');
    r = await act(saleId, 'lock');
    expect(await bid(a.socket, { sale_id: saleId, lot_id: lot2, amount: 600_000, idempotency_key: 'thoko-press-0003' })).toEqual({
      ok: false,
      message: 'Online bidding is paused while the room bids.',
    });
    r = await act(saleId, 'unlock');
    r = await act(saleId, 'message', { text: 'Lot 4 withdrawn' });
    expect(r.state.message).toBe('Lot 4 withdrawn');
    expect((await act(saleId, 'message', { text: 'x'.repeat(201) })).status).toBe(422);
    r = await act(saleId, 'pass');
    expect(r.state.status).toBe('passed');
    expect((await db.selectFrom('items').select('status').where('id', '=', lot2).executeTakeFirstOrThrow()).status).toBe('unsold');
    r = await act(saleId, 'undo');
    expect(r.state.status).toBe('open');
    expect((await db.selectFrom('items').select('status').where('id', '=', lot2).executeTakeFirstOrThrow()).status).toBe('available');
    r = await act(saleId, 'pass');

    // Lot 3 closes under the hammer, not by the clock: its end passing leaves it open.
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 60_000) })
      .where('id', '=', lot3)
      .execute();
    expect(await server.runner.run(closeAuction, systemActor('test'), { itemId: lot3 })).toBeNull();
    r = await act(saleId, 'open', { lot_id: lot3 });
    expect(r.state).toMatchObject({ lot: { id: lot3 }, next_lots: [] });
    expect(r.lots.map((l: { id: number; status: string; sold_to: string | null }) => [l.id, l.status, l.sold_to])).toEqual([
      [lot1, 'sold', thokoFirst ? 'Thoko Banda' : 'Chikondi Phiri'],
      [lot2, 'unsold', null],
      [lot3, 'available', null],
    ]);
    r = await act(saleId, 'floor-bid', { paddle: '21' });
    r = await act(saleId, 'sold');
    expect(r.lots.at(-1)).toMatchObject({ id: lot3, status: 'sold', sold_to: 'Paddle 21' });
    expect((await act(saleId, 'next')).message).toBe('Every lot of this sale has been offered.');

    // The watcher saw every change, in order, ending on the latest state.
    await expect.poll(() => watcher.states.at(-1)?.seq).toBe(r.state.seq);
    const seqs = watcher.states.map((s) => s.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(watcher.states.some((s) => s.status === 'fair_warning')).toBe(true);
    // Guests never see online bidders' names or reserves.
    expect(watcher.states.every((s) => s.high_bidder?.name == null && s.bids.every((x) => x.name == null))).toBe(true);
    // Every action is in the audit trail.
    const audited = await db.selectFrom('domain_events').select('payload').where('type', '=', 'live.changed').where('subject_id', '=', saleId).execute();
    expect(audited.length).toBeGreaterThanOrEqual(20);
    // Nobody tells the room it was outbid or won.
    const roomId = (await db.selectFrom('users').select('id').where('email', '=', 'room@gavel.invalid').executeTakeFirstOrThrow()).id;
    expect(await db.selectFrom('notifications').select('id').where('user_id', '=', roomId).execute()).toEqual([]);
  }, 120_000);

  it('when an operator gives the sale a webcast, then the room shows it (a YouTube link as its player); a bad address is a 422', async () => {
    const saleId = await createAuctionType(server.database.db, 'live');
    const bad = await clerk.patch(`/api/admin/sales/${saleId}`, { webcast_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.webcast_url).toEqual(['The webcast must be a web address starting with https://.']);
    expect((await clerk.patch(`/api/admin/sales/${saleId}`, { webcast_url: 'https://youtu.be/abcDEF12345' })).status).toBe(200);
    const { socket } = await openSocket();
    const joined = (await join(socket, saleId)) as { state: LiveState };
    expect(joined.state.webcast).toEqual({ url: 'https://www.youtube.com/embed/abcDEF12345', kind: 'embed' });
    expect((await clerk.get(`/api/sales/${saleId}`)).body.data.webcast_url).toBe('https://youtu.be/abcDEF12345');
  });

  it('when the sale is not a live auction, or a customer calls the console, then it is refused', async () => {
    const online = await createAuctionType(server.database.db, 'online');
    const r = await act(online, 'open');
    expect(r.status).toBe(409);
    expect(r.message).toBe('This sale is not a live auction.');
    expect((await act(999_999, 'open')).status).toBe(404);
    const live = await createAuctionType(server.database.db, 'live');
    expect((await clerk.post(`/api/admin/live/${live}/explode`, {})).status).toBe(404);
    const customer = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, customer.token).post(`/api/admin/live/${live}/open`, {})).status).toBe(403);
  });
});
