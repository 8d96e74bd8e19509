import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { tableCounts } from '../../helpers/table-counts.js';

let server: TestServer;
let admin: { token: string };
let customer: { token: string; email: string };
let itemId: number;
beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  admin = a;
  customer = await createCustomer(db);
  itemId = await createItem(db, { name: 'Toyota Hilux' });
});
afterAll(async () => {
  await server?.stop();
});

const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const json = { 'content-type': 'application/json' };
const form = (fields: Record<string, string>, file?: { field: string; bytes: Buffer }) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), 'picture.png');
  return f;
};

/** Malformed requests of the review that answered 500 (issue 18, abuse 5), and their neighbours. */
function cases(): [string, string, RequestInit, number][] {
  const manyFields: Record<string, string> = {};
  for (let i = 0; i < 50; i++) manyFields[`f${i}`] = '1';
  return [
    ['a NUL byte in the listing search', '/ajax-items?search=hilux%00', {}, 400],
    ['a NUL byte in an operator search', '/api/admin/orders?search=%00', { headers: bearer(admin.token) }, 400],
    [
      'a NUL byte in a JSON name',
      '/api/profile',
      { method: 'PUT', headers: bearer(customer.token, json), body: JSON.stringify({ name: 'a\u0000b', email: customer.email }) },
      400,
    ],
    ['a NUL byte in a JSON key', '/api/cart/add', { method: 'POST', headers: bearer(customer.token, json), body: '{"item_id\\u0000": 1}' }, 400],
    [
      'a NUL byte in a deposit reference',
      '/api/register-bid',
      { method: 'POST', headers: bearer(customer.token, json), body: JSON.stringify({ reference_number: 'NBM\u0000' }) },
      400,
    ],
    ['locations=1e308', '/ajax-items?locations=1e308', {}, 200],
    ['an /uploads path with %00', '/uploads/%00', {}, 400],
    ['an /uploads path with ..%2f', '/uploads/..%2f..%2fetc%2fpasswd', {}, 403],
    [
      'a corrupt gzip body (bid lane)',
      '/ajax-bid',
      { method: 'POST', headers: bearer(customer.token, { ...json, 'content-encoding': 'gzip' }), body: 'not gzip' },
      400,
    ],
    [
      'a corrupt gzip body',
      '/api/cart/add',
      { method: 'POST', headers: bearer(customer.token, { ...json, 'content-encoding': 'gzip' }), body: 'not gzip' },
      400,
    ],
    [
      'a deflate header on gzip bytes',
      '/api/login',
      { method: 'POST', headers: { ...json, 'content-encoding': 'deflate' }, body: gzipSync(Buffer.from('{}')) },
      400,
    ],
    ['an unsupported content encoding', '/api/login', { method: 'POST', headers: { ...json, 'content-encoding': 'br' }, body: 'xx' }, 400],
    [
      'more than 1,000 urlencoded parameters',
      '/api/login',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Array.from({ length: 1100 }, (_, i) => `a${i}=1`).join('&') },
      413,
    ],
    ['a multipart form with too many fields', '/api/admin/adverts', { method: 'POST', headers: bearer(admin.token), body: form(manyFields) }, 413],
    [
      'a file where none is expected',
      '/api/admin/adverts',
      { method: 'POST', headers: bearer(admin.token), body: form({ description: 'x' }, { field: 'other', bytes: Buffer.from('x') }) },
      400,
    ],
    [
      'a 50 MB image',
      '/api/admin/adverts',
      { method: 'POST', headers: bearer(admin.token), body: form({ description: 'Big sale' }, { field: 'image', bytes: Buffer.alloc(50 * 1024 * 1024) }) },
      413,
    ],
    [
      'a truncated multipart body',
      '/api/admin/adverts',
      {
        method: 'POST',
        headers: bearer(admin.token, { 'content-type': 'multipart/form-data; boundary=XX' }),
        body: '--XX\r\nContent-Disposition: form-data; name="description"\r\n\r\nabc',
      },
      400,
    ],
    [
      'multipart without a boundary',
      '/api/admin/adverts',
      { method: 'POST', headers: bearer(admin.token, { 'content-type': 'multipart/form-data' }), body: 'abc' },
      400,
    ],
    [
      'a NUL byte in a multipart field',
      '/api/admin/adverts',
      { method: 'POST', headers: bearer(admin.token), body: form({ description: 'Sale\u0000', date_from: '2026-01-01', date_to: '2027-01-01' }) },
      400,
    ],
  ];
}

describe('malformed requests get a clear 4xx, never a 500, and change nothing (issue 18, abuse 5)', () => {
  it('when each malformed request of the review is sent, then it is answered with its 4xx and a message, and no table changed', async () => {
    const db = server.database.db;
    const before = await tableCounts(db);
    const answers: string[] = [];
    for (const [name, path, init, status] of cases()) {
      const res = await fetch(server.url + path, init);
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      answers.push(`${name}: ${res.status}`);
      expect(res.status, name).toBe(status);
      if (status >= 400) expect(typeof body?.message, name).toBe('string');
    }
    expect(answers).toHaveLength(cases().length);
    expect(await tableCounts(db)).toEqual(before);
  });
});

describe('every paged list words a bad page or page size the same way (spec/accounts-and-shell.md §3 "Pagination")', () => {
  it('when a public, a bidder and an operator list are asked for page 0, page "abc", a page size of 500 or 2.5, then each answers 422 naming the field', async () => {
    const lists: [string, Record<string, string>][] = [
      ['/ajax-items', {}],
      [`/api/open-item/${itemId}/bids`, {}],
      ['/api/watchlist', bearer(customer.token)],
      ['/api/bid-dashboard/active-bids', bearer(customer.token)],
      ['/api/admin/orders', bearer(admin.token)],
      ['/api/admin/lots', bearer(admin.token)],
      ['/api/admin/audit', bearer(admin.token)],
      ['/api/admin/users', bearer(admin.token)],
      ['/api/admin/invoices', bearer(admin.token)],
    ];
    for (const [path, headers] of lists) {
      for (const [query, field, message] of [
        ['page=0', 'page', 'The page must be a whole number from 1.'],
        ['page=abc', 'page', 'The page must be a whole number from 1.'],
        ['per_page=500', 'per_page', 'The page size must be a whole number from 1 to 100.'],
        ['per_page=2.5', 'per_page', 'The page size must be a whole number from 1 to 100.'],
      ]) {
        const res = await fetch(`${server.url}${path}?${query}`, { headers });
        const body = (await res.json()) as { message?: string; errors?: Record<string, string[]> };
        expect(res.status, `${path}?${query}`).toBe(422);
        expect(body.errors?.[field], `${path}?${query}`).toEqual([message]);
      }
      // A good page still answers.
      expect((await fetch(`${server.url}${path}?page=1&per_page=5`, { headers })).status, path).toBe(200);
    }
  });

  it('when a list is filtered by an id that is not a whole number from 1, then 422 names the field in words; a blank filter is no filter', async () => {
    const cases: [string, Record<string, string>, string, string][] = [
      ['/ajax-items?branch_id=abc', {}, 'branch_id', 'Choose a branch from the list.'],
      ['/ajax-items?auction_type_id=-3', {}, 'auction_type_id', 'Choose a sale from the list.'],
      [`/api/open-item/${itemId}/bids?limit=0`, {}, 'limit', 'The limit must be a whole number from 1 to 100.'],
      ['/api/bid-increments?item_id=1.5', {}, 'item_id', "item_id must be a lot's id (a whole number from 1)."],
      ['/api/admin/lots?branch_id=x', bearer(admin.token), 'branch_id', 'Choose a branch from the list.'],
      ['/api/admin/audit?subject_id=-1', bearer(admin.token), 'subject_id', 'The subject id must be a whole number from 1.'],
    ];
    for (const [path, headers, field, message] of cases) {
      const res = await fetch(`${server.url}${path}`, { headers });
      const body = (await res.json()) as { errors?: Record<string, string[]> };
      expect(res.status, path).toBe(422);
      expect(body.errors?.[field], path).toEqual([message]);
    }
    expect((await fetch(`${server.url}/ajax-items?branch_id=&auction_type_id=`)).status).toBe(200);
  });
});
