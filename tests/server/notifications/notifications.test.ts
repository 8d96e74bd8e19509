import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActor } from '../../../server/events/domain-events.js';
import { recordCashReceived } from '../../../server/orders/orders.commands.js';
import type { NotificationNewEvent } from '../../../shared/schemas/notification.schema.js';
import { sellLotTo } from '../../helpers/auctions.js';
import { createCustomer, createItem, grantRole, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // The schedule is off: each test runs the notifier itself, so it knows when it has run.
  server = await startTestServer({ env: { NOTIFY_INTERVAL_MS: '0', NOTIFY_GRACE_MS: '0' } });
});
afterAll(async () => {
  await server?.stop();
});

const client = (token?: string) => new TestClient(server.url, token);
const notificationsOf = (userId: number) => server.database.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

async function listen(token: string): Promise<{ socket: Socket; received: NotificationNewEvent[] }> {
  const socket = connect(server.url, { transports: ['websocket'], forceNew: true, auth: { token } });
  const received: NotificationNewEvent[] = [];
  socket.on('notification:new', (e) => received.push(e));
  await new Promise<void>((r) => socket.on('connect', r));
  return { socket, received };
}

describe('notifications in the app (issue 16)', () => {
  it('when B outbids A, then A is told once (list, unread count, live over the socket), B is not, and running again adds nothing', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const itemId = await createItem(db, { name: 'Toyota Hilux 2.4 GD-6', target_amount: 1000 });
    const live = await listen(a.token);

    expect((await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1001 })).status).toBe(200);
    expect((await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect((await server.notify()).created).toBe(1);
    expect((await server.notify()).created).toBe(0);

    const listed = await client(a.token).get('/api/notifications');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ unread: 1, has_more: false });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ type: 'outbid', item_id: itemId, title: 'Outbid on Toyota Hilux 2.4 GD-6', link: `/item/${itemId}`, read_at: null }),
    ]);
    expect(listed.body.data[0].body).toContain('MK 1,500');
    await expect.poll(() => live.received.length).toBe(1);
    expect(live.received[0]).toMatchObject({ unread: 1, notification: { type: 'outbid', item_id: itemId } });
    expect((await client(b.token).get('/api/notifications')).body).toMatchObject({ data: [], unread: 0 });
    live.socket.disconnect();
  });

  it('when A bids again after being outbid, then the earlier alert counts as seen, and the next outbid is a new unread one', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1001 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1100 });
    await server.notify();
    expect((await client(a.token).get('/api/notifications')).body.unread).toBe(1);
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1200 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 1300 });
    await server.notify();
    const rows = await notificationsOf(a.id);
    expect(rows.map((n) => [n.type, n.read_at == null])).toEqual([
      ['outbid', false],
      ['outbid', true],
    ]);
    expect(rows[1].body).toContain('MK 1,300');
    // B was outbid by A's 1,200 in between but leads again by the run: nothing to tell B.
    expect(await notificationsOf(b.id)).toEqual([]);

    const read = await client(a.token).post('/api/notifications/read', { all: true });
    expect(read.body).toEqual({ updated: 1, unread: 0 });
  });

  it('when a bid is answered at once by the leader’s maximum, then the newcomer is told and the leader is not', async () => {
    const db = server.database.db;
    const leader = await createCustomer(db);
    const newcomer = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    await client(leader.token).post('/ajax-bid', { item_id: itemId, amount: 1001, max_amount: 9000 });
    await client(newcomer.token).post('/ajax-bid', { item_id: itemId, amount: 2000 });
    await server.notify();
    expect((await notificationsOf(newcomer.id)).map((n) => n.type)).toEqual(['outbid']);
    expect(await notificationsOf(leader.id)).toEqual([]);
  });

  it('when two notifier runs race over the same bids, then each outbid is stored once', async () => {
    const db = server.database.db;
    const users = await Promise.all([1, 2, 3, 4].map(() => createCustomer(db)));
    const itemIds = await Promise.all([1, 2, 3].map(() => createItem(db, { target_amount: 1000 })));
    for (const itemId of itemIds) {
      let amount = 1001;
      for (const u of [...users, ...users]) {
        await client(u.token).post('/ajax-bid', { item_id: itemId, amount });
        amount += 100;
      }
    }
    await Promise.all([server.notify(), server.notify(), server.notify()]);
    for (const u of users.slice(0, 3)) {
      const rows = await notificationsOf(u.id);
      // One unread outbid per lot, however many times they were outbid there.
      expect(rows.map((r) => r.item_id).sort()).toEqual([...itemIds].sort());
    }
    expect(await notificationsOf(users[3].id)).toEqual([]);
  });

  it('when a lot closes sold and its order is paid, then the winner is told of the win (with the deadline) and the payment, and each mail waits in the outbox', async () => {
    const db = server.database.db;
    const winner = await createCustomer(db, { name: 'Chikondi Banda' });
    const { closed } = await sellLotTo(server, winner, { name: 'Office chair' });
    expect(closed).toMatchObject({ status: 'sold', closed_by: winner.id });
    const run = await server.notify();
    expect(run).toMatchObject({ created: 1, sent: 2, failed: 0 });
    const won = (await notificationsOf(winner.id)).find((n) => n.type === 'won')!;
    expect(won.title).toBe('You won Office chair');
    const order = await db.selectFrom('orders').select(['id', 'order_reference', 'due_at']).where('id', '=', closed!.order_id!).executeTakeFirstOrThrow();
    // The invoice's own deadline, in Malawi's time.
    const due = order.due_at!.toLocaleString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Blantyre',
    });
    expect(won.body).toContain(`Please pay MK 1,001 by ${due}.`);
    expect(won.body).toContain(order.order_reference);

    const mails = await db.selectFrom('message_outbox').selectAll().where('recipient', '=', winner.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', subject: 'You won Office chair' });
    expect(mails[0].body_text).toContain('Dear Chikondi Banda');
    expect(mails[0].body_html).toContain('/api/notifications/unsubscribe?token=');
    expect((await server.notify()).sent).toBe(0);

    // A cash order settled at the office: the buyer hears the payment was received.
    const admin = await createCustomer(db);
    await grantRole(db, admin.id, 'admin');
    const cash = await insertTestOrder(db, { user_id: winner.id, sub_total: 25_000, reserved_until: new Date(Date.now() + 3600_000) });
    await db
      .insertInto('order_lines')
      .values({ order_id: cash.id, item_id: null, name: 'Plastic chairs (set of 10)', quantity: 1, unit_price: 25_000, amount: 25_000 })
      .execute();
    // A guest's cash order too: no account, so no notification, but the receipt the success page promised.
    const guest = await insertTestOrder(db, {
      user_id: null,
      sub_total: 8_000,
      customer_name: 'Tamanda Kachale',
      customer_email: 'tamanda@example.mw',
      reserved_until: new Date(Date.now() + 3600_000),
    });
    await db
      .insertInto('order_lines')
      .values({ order_id: guest.id, item_id: null, name: 'Water tank 1,000 l', quantity: 2, unit_price: 4_000, amount: 8_000 })
      .execute();
    await server.runner.run(recordCashReceived, operatorActor(admin.id), { orderId: cash.id });
    await server.runner.run(recordCashReceived, operatorActor(admin.id), { orderId: guest.id });
    expect(await server.notify()).toMatchObject({ created: 1, sent: 2 });
    const paid = (await notificationsOf(winner.id)).find((n) => n.type === 'payment_received')!;
    expect(paid).toMatchObject({ title: `Payment received: ${cash.order_reference}`, order_id: cash.id });
    expect(paid.body).toContain('MK 25,000');
    const receipts = await db
      .selectFrom('message_outbox')
      .select(['recipient', 'subject', 'body_text'])
      .where('subject', 'like', 'Receipt for order %')
      .execute();
    const mine = receipts.find((r) => r.recipient === winner.email)!;
    expect(mine.subject).toBe(`Receipt for order ${cash.order_reference}`);
    expect(mine.body_text).toContain('1 x Plastic chairs (set of 10) at MK 25,000 = MK 25,000');
    expect(mine.body_text).toContain('Total paid: MK 25,000');
    expect(mine.body_text).toContain('Paid by cash');
    const theirs = receipts.find((r) => r.recipient === 'tamanda@example.mw')!;
    expect(theirs.body_text).toContain('Dear Tamanda Kachale');
    expect(theirs.body_text).toContain('2 x Water tank 1,000 l at MK 4,000 = MK 8,000');
    expect((await server.notify()).sent).toBe(0);

    const outbox = await client(admin.token).get('/api/admin/outbox');
    expect(outbox.status).toBe(200);
    expect(outbox.body.data.some((m: { recipient: string }) => m.recipient === winner.email)).toBe(true);
    expect((await client(winner.token).get('/api/admin/outbox')).status).toBe(403);
  });

  it('when asked badly, then the calls answer 4xx with a message and change nothing', async () => {
    const a = await createCustomer(server.database.db);
    expect((await client().get('/api/notifications')).status).toBe(401);
    const bad = await client(a.token).get('/api/notifications?per_page=500');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.per_page).toEqual(['per_page must be 1 to 50.']);
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: [1], all: true }]) {
      const res = await client(a.token).post('/api/notifications/read', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    const forged = await client().get('/api/notifications/unsubscribe?token=1.won.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.status).toBe(400);
    expect((await client().post('/api/notifications/unsubscribe?token=nonsense', {})).status).toBe(400);
  });

  it('when a lot nears its close, then its watchers and bidders are reminded 30 and again 5 minutes before, each once, the leader told they are winning', async () => {
    const db = server.database.db;
    const watcher = await createCustomer(db);
    const leader = await createCustomer(db);
    const outbid = await createCustomer(db);
    const bystander = await createCustomer(db);
    const itemId = await createItem(db, { name: 'Kubota L4508 tractor', target_amount: 1000, date_to: new Date(Date.now() + 20 * 60_000) });
    const farOff = await createItem(db, { target_amount: 1000, date_to: new Date(Date.now() + 90 * 60_000) });
    expect((await client(watcher.token).post('/api/watchlist', { item_id: itemId })).status).toBeLessThan(300);
    await client(outbid.token).post('/ajax-bid', { item_id: itemId, amount: 1001 });
    await client(leader.token).post('/ajax-bid', { item_id: itemId, amount: 1500 });
    await client(bystander.token).post('/ajax-bid', { item_id: farOff, amount: 1001 });
    await server.notify();
    await server.notify();
    const closing = async (userId: number) => (await notificationsOf(userId)).filter((n) => n.type === 'closing_soon').map((n) => [n.title, n.body]);
    expect(await closing(watcher.id)).toEqual([['Closing in 30 minutes: Kubota L4508 tractor', 'The current bid is MK 1,500. Bid before it closes.']]);
    expect(await closing(leader.id)).toEqual([
      ['Closing in 30 minutes: Kubota L4508 tractor', 'You are winning at MK 1,500. Keep an eye on it until it closes.'],
    ]);
    expect(await closing(outbid.id)).toHaveLength(1);
    expect(await closing(bystander.id)).toEqual([]);

    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() + 4 * 60_000) })
      .where('id', '=', itemId)
      .execute();
    await server.notify();
    await server.notify();
    expect((await closing(watcher.id)).map(([title]) => title)).toEqual([
      'Closing in 30 minutes: Kubota L4508 tractor',
      'Closing in 5 minutes: Kubota L4508 tractor',
    ]);
    // A lot first seen 4 minutes from its close gets only the 5-minute reminder.
    const late = await createItem(db, { name: 'Late lot', target_amount: 1000, date_to: new Date(Date.now() + 4 * 60_000) });
    await client(bystander.token).post('/ajax-bid', { item_id: late, amount: 1001 });
    await server.notify();
    expect((await closing(bystander.id)).map(([title]) => title)).toEqual(['Closing in 5 minutes: Late lot']);
  });

  it('when a bidder turns e-mail off for wins on their profile, then the grid says so, the change is audited, and the next win sends no mail', async () => {
    const db = server.database.db;
    const user = await createCustomer(db);
    const before = await client(user.token).get('/api/notifications/preferences');
    expect(before.status).toBe(200);
    expect(before.body.choices.won).toEqual({ app: true, email: true, sms: true, push: true });
    expect(before.body.choices.outbid).toMatchObject({ app: true, email: false, sms: true });
    expect(before.body.sms_number).toBe('+265888123456');
    const changed = await client(user.token).request('PATCH', '/api/notifications/preferences', { type: 'won', channel: 'email', enabled: false });
    expect(changed.status).toBe(200);
    expect(changed.body.choices.won.email).toBe(false);
    const audit = await db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('type', '=', 'notification.preference_changed')
      .where('subject_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    for (const bad of [
      { type: 'won', channel: 'app', enabled: false },
      { type: 'nope', channel: 'email', enabled: true },
      { type: 'won', channel: 'email' },
      { type: 'won', channel: 'email', enabled: 'no' },
    ]) {
      const res = await client(user.token).request('PATCH', '/api/notifications/preferences', bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    await sellLotTo(server, user);
    await server.notify();
    const channels = await db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .select('d.channel')
      .where('n.user_id', '=', user.id)
      .execute();
    expect(channels.map((c) => c.channel)).toEqual(['sms']);
  });
});
