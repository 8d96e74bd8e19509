import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellLotTo } from '../../helpers/auctions.js';
import { createCustomer } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** A real SMTP server in the test process: what arrived, and whether to refuse the next mail. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
let refuseNext = 0;
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        const err = new Error('Mailbox busy, try later') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startTestServer({
    env: { NOTIFY_INTERVAL_MS: '0', NOTIFY_GRACE_MS: '0', SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Gavel Auctions <no-reply@gavel.test>' },
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** A lot won by `winner` and closed now. */
const winLot = async (winner: { token: string }, name: string) => (await sellLotTo(server, winner, { name })).itemId;

/** A header of a raw mail, unfolded. */
const header = (raw: string, name: string) => {
  const head = raw.split(/\r\n\r\n/)[0].replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];
};

describe('notification e-mail over SMTP (issue 16)', () => {
  it('when a bidder wins, then one mail reaches the mail server with both bodies and a one-click unsubscribe that works without signing in', async () => {
    const winner = await createCustomer(server.database.db, { name: 'Thoko Phiri' });
    await winLot(winner, 'Dell Latitude 5420');
    expect(await server.notify()).toMatchObject({ created: 1, sent: 2, failed: 0 }); // the mail, and an SMS into the outbox
    const mails = received.filter((m) => m.to.includes(winner.email));
    expect(mails).toHaveLength(1);
    const raw = mails[0].raw;
    expect(mails[0].from).toBe('no-reply@gavel.test');
    expect(header(raw, 'Subject')).toBe('You won Dell Latitude 5420');
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<(http[^>]+)>/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    // Nothing in the mail server twice, however often the notifier runs.
    await server.notify();
    expect(received.filter((m) => m.to.includes(winner.email))).toHaveLength(1);

    const guest = new TestClient(server.url);
    const path = unsubscribe!.slice(unsubscribe!.indexOf('/api/'));
    const page = await guest.get(path);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Stop these e-mails?');
    // What a mail client's one-click does: a form post, no session, no anti-forgery token.
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    const choice = await server.database.db.selectFrom('notification_preferences').selectAll().where('user_id', '=', winner.id).execute();
    expect(choice).toEqual([{ user_id: winner.id, type: 'won', channel: 'email', enabled: false }]);
    const audit = await server.database.db
      .selectFrom('domain_events')
      .select(['type', 'actor_id'])
      .where('type', '=', 'notification.preference_changed')
      .where('subject_id', '=', winner.id)
      .execute();
    expect(audit).toEqual([{ type: 'notification.preference_changed', actor_id: winner.id }]);

    // The next win is told in the app and by SMS, no longer by e-mail.
    await winLot(winner, 'HP LaserJet Pro');
    expect(await server.notify()).toMatchObject({ created: 1, sent: 1 });
    expect(received.filter((m) => m.to.includes(winner.email))).toHaveLength(1);
    const inApp = await new TestClient(server.url, winner.token).get('/api/notifications');
    expect(inApp.body.data.map((n: { title: string }) => n.title)).toEqual(['You won HP LaserJet Pro', 'You won Dell Latitude 5420']);
  });

  it('when the mail server refuses for a while, then the mail is retried later and sent once', async () => {
    const winner = await createCustomer(server.database.db);
    await winLot(winner, 'Samsung 55" TV');
    refuseNext = 1;
    expect(await server.notify()).toMatchObject({ created: 1, sent: 1, failed: 1 });
    const db = server.database.db;
    const delivery = () =>
      db
        .selectFrom('notification_deliveries')
        .innerJoin('notifications', 'notifications.id', 'notification_deliveries.notification_id')
        .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
        .where('notifications.user_id', '=', winner.id)
        .where('notification_deliveries.channel', '=', 'email')
        .executeTakeFirstOrThrow();
    const waiting = await delivery();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('Mailbox busy');
    expect(new Date(waiting.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
    // Not before its time…
    expect((await server.notify()).sent).toBe(0);
    // …then, when it is due, once.
    await db
      .updateTable('notification_deliveries')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('status', '=', 'pending')
      .execute();
    expect((await server.notify()).sent).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(received.filter((m) => m.to.includes(winner.email))).toHaveLength(1);
  });
});
