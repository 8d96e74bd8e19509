import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem, grantRole, insertTestOrder } from '../../helpers/factories.js';
import { declaredRoutes, type DeclaredRoute } from '../../helpers/routes.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Role = 'guest' | 'customer' | 'other customer' | 'admin';

/** Who may call a route: anyone, a signed-in user, or an operator (admin role). */
type Access = 'public' | 'user' | 'admin';

/** Routes that need a signed-in user (answer 401 to a guest). */
const USER_ROUTES = [
  /^\/api\/bid-dashboard/,
  /^\/api\/live-auctions-session$/,
  /^\/api\/me\//,
  /^\/api\/my\//,
  /^\/api\/orders\/(won-lot\/[^/]+|[^/]+\/pay)$/,
  /^\/api\/notifications(\/read|\/preferences)?$/,
  /^\/api\/push\/subscriptions$/,
  /^\/api\/saved-searches(\/[^/]+)?$/,
  /^\/api\/user$/,
  /^\/api\/watchlist/,
  /^\/session\/check-subscription\//,
];

/** Browser forms a guest reaches only with the anti-forgery token (419 without it). */
const FORM_ROUTES = new Set([
  'POST /ajax-bid',
  'POST /cart/add/:id',
  'DELETE /cart/remove/:id',
  'PATCH /cart/update/:id',
  'POST /checkout/cash',
  'POST /dpopay/checkout-payment',
  'POST /login',
  'POST /profile',
  'POST /register-bid',
]);

function accessOf(r: DeclaredRoute): Access {
  if (r.path.startsWith('/api/admin/')) return 'admin';
  if (USER_ROUTES.some((re) => re.test(r.path))) return 'user';
  return 'public';
}

describe('authorization matrix: every route as guest, customer, another customer and operator (issue 18)', () => {
  it('when each declared route is called by each role, then operators’ routes refuse others (401 guest, 403 customer), users’ routes refuse guests, and nothing else refuses anyone', async () => {
    const db = server.database.db;
    const customer = await createCustomer(db);
    const other = await createCustomer(db);
    const admin = await createCustomer(db);
    await grantRole(db, admin.id, 'admin');
    const itemId = await createItem(db, {});
    const tokens: Record<Role, string | null> = { guest: null, customer: customer.token, 'other customer': other.token, admin: admin.token };
    const routes = declaredRoutes().filter((r) => !r.path.includes('logout'));
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const r of routes) {
      const access = accessOf(r);
      for (const role of Object.keys(tokens) as Role[]) {
        const token = tokens[role];
        const res = await fetch(server.url + r.path.replace(/:[a-zA-Z]+/g, String(itemId)), {
          method: r.method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(r.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          body: r.method === 'GET' ? undefined : '{}',
          redirect: 'manual',
        });
        await res.arrayBuffer();
        const s = res.status;
        const key = `${r.method} ${r.path}`;
        let ok: boolean;
        if (s >= 500) ok = false;
        else if (access === 'admin') ok = role === 'guest' ? s === 401 : role === 'admin' ? s !== 401 && s !== 403 : s === 403;
        else if (access === 'user') ok = role === 'guest' ? s === 401 : s !== 401 && s !== 403;
        else if (role === 'guest' && FORM_ROUTES.has(key)) ok = s === 419;
        else ok = s !== 401 && s !== 403;
        if (!ok) wrong.push(`${key} as ${role}: ${s} (${access})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('when another customer asks for a customer’s order, watchlist or profile, then they get their own or nothing', async () => {
    const db = server.database.db;
    const owner = await createCustomer(db, { name: 'Chikondi Banda' });
    const other = await createCustomer(db, { name: 'Thoko Phiri' });
    const order = await insertTestOrder(db, {
      user_id: owner.id,
      order_reference: `ORD-MATRIX-${Date.now()}`,
      customer_name: 'Chikondi Banda',
      customer_email: owner.email,
      reserved_until: new Date(Date.now() + 3600_000),
    });
    const as = (token: string, path: string) => fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
    expect((await as(owner.token, `/api/my/draft-orders/${order.id}`)).status).toBe(200);
    expect((await as(other.token, `/api/my/draft-orders/${order.id}`)).status).toBe(404);
    const otherOrders = (await (await as(other.token, '/api/my/draft-orders')).json()) as unknown;
    expect(JSON.stringify(otherOrders)).not.toContain(`ORD-MATRIX`);
    const me = (await (await as(other.token, '/api/user')).json()) as { name?: string; user?: { name?: string } };
    expect(JSON.stringify(me)).toContain('Thoko Phiri');
    expect(JSON.stringify(me)).not.toContain('Chikondi Banda');
    const cancel = await fetch(`${server.url}/api/admin/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'not mine' }),
    });
    expect(cancel.status).toBe(403);
    expect((await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('reserved');
  });
});
