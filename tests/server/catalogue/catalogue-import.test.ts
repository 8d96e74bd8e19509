import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createBranch, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let token: string;
let admin: TestClient;
let saleId: number;
let branchId: number;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  token = a.token;
  admin = new TestClient(server.url, a.token);
  const sale = await admin.post('/api/admin/sales', {
    name: `Import sale ${randomBytes(3).toString('hex')}`,
    kind: 'online',
    date_from: new Date(Date.now() - 3600_000).toISOString(),
    date_to: new Date(Date.now() + 48 * 3600_000).toISOString(),
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  saleId = sale.body.data.id;
  expect((await admin.post(`/api/admin/sales/${saleId}/publish`, {})).status).toBe(200);
  branchId = await createBranch(db);
});
afterAll(async () => {
  await server?.stop();
});

/** Posts a catalogue CSV (and pictures) as an operator's browser would. */
async function importCsv(csv: string, opts: { dryRun?: boolean; pictures?: { name: string; bytes: Buffer }[]; as?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  for (const p of opts.pictures ?? []) form.append('images[]', new Blob([new Uint8Array(p.bytes)], { type: 'image/jpeg' }), p.name);
  if (opts.dryRun) form.append('dry_run', '1');
  const res = await fetch(`${server.url}/api/admin/lots/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${opts.as ?? token}`, accept: 'application/json' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const picture = (colour: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const lotsWithCodes = (codes: string[]) =>
  db.selectFrom('items').select(['id', 'code', 'name', 'target_amount', 'status']).where('code', 'in', codes).orderBy('code').execute();
const eventCount = async () =>
  Number(
    (
      await db
        .selectFrom('domain_events')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('catalogue import (issue 13 "Catalogue import and export")', () => {
  it('when a CSV is previewed, then nothing is stored; committed, every row is created with its pictures; the same file again changes nothing', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const codes = [`IMP-${tag}-1`, `IMP-${tag}-2`, `IMP-${tag}-3`];
    const csv = [
      'code,name,auction_type_id,branch_id,target_amount,reserve_price,condition,featured,description',
      `${codes[0]},Toyota Hilux 2.4 GD-6,${saleId},${branchId},12500000,14000000,used,true,"Double cab, 2018"`,
      `${codes[1]},Massey Ferguson 375,${saleId},,9000000,,used,false,`,
      `${codes[2]},Honda generator 5 kVA,${saleId},${branchId},450000,,new,0,"Never used; ""as new"""`,
    ].join('\n');
    const pictures = [
      { name: `${codes[0]}.jpg`, bytes: await picture('#c00') },
      { name: `${codes[0]}_2.jpg`, bytes: await picture('#0c0') },
      { name: `${codes[2]}.jpg`, bytes: await picture('#00c') },
    ];
    const before = await eventCount();
    const preview = await importCsv(csv, { dryRun: true, pictures });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ dry_run: true, totals: { create: 3, update: 0, unchanged: 0, error: 0 }, unmatched_pictures: [] });
    expect(preview.body.rows.map((r: { line: number; action: string; pictures: number }) => [r.line, r.action, r.pictures])).toEqual([
      [2, 'create', 2],
      [3, 'create', 0],
      [4, 'create', 1],
    ]);
    expect(await lotsWithCodes(codes)).toEqual([]);
    expect(await eventCount()).toBe(before);

    const done = await importCsv(csv, { pictures });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.totals).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    const lots = await lotsWithCodes(codes);
    expect(lots.map((l) => [l.code, l.name, Number(l.target_amount)])).toEqual([
      [codes[0], 'Toyota Hilux 2.4 GD-6', 12_500_000],
      [codes[1], 'Massey Ferguson 375', 9_000_000],
      [codes[2], 'Honda generator 5 kVA', 450_000],
    ]);
    const media = await db
      .selectFrom('item_media')
      .select(['item_id'])
      .where(
        'item_id',
        'in',
        lots.map((l) => l.id),
      )
      .execute();
    expect(media.filter((m) => m.item_id === lots[0].id)).toHaveLength(2);
    expect(media.filter((m) => m.item_id === lots[2].id)).toHaveLength(1);
    // In the public listing at once, in the spec's shape.
    const listed = await new TestClient(server.url).get(`/ajax-items?search=${encodeURIComponent('Honda generator')}&auction_type_id=${saleId}`);
    expect(listed.body.data.map((i: { id: number }) => i.id)).toEqual([lots[2].id]);
    const created = await db
      .selectFrom('domain_events')
      .select('type')
      .where('type', '=', 'lot.created')
      .where(
        'subject_id',
        'in',
        lots.map((l) => l.id),
      )
      .execute();
    expect(created).toHaveLength(3);

    const eventsBefore = await eventCount();
    const again = await importCsv(csv, { pictures });
    expect(again.status).toBe(201);
    expect(again.body.totals).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(await lotsWithCodes(codes)).toEqual(lots);
    expect(
      await db
        .selectFrom('item_media')
        .select('id')
        .where(
          'item_id',
          'in',
          lots.map((l) => l.id),
        )
        .execute(),
    ).toHaveLength(3);
    expect(await eventCount()).toBe(eventsBefore);

    // A changed row updates only that lot.
    const edited = await importCsv(csv.replace('Massey Ferguson 375,', 'Massey Ferguson 375 (2015),'));
    expect(edited.body.totals).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });
    expect(edited.body.rows[1]).toMatchObject({ action: 'update', changes: ['name'], item_id: lots[1].id });
  });

  it('when the pictures come as one .zip (folders and stray files inside), then each lot gets its own; a picture over 15 MB inside, or two archives, are refused with 422', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const codes = [`ZIP-${tag}-1`, `ZIP-${tag}-2`];
    const csv = ['code,name,auction_type_id,target_amount', `${codes[0]},Zipped lot one,${saleId},1000`, `${codes[1]},Zipped lot two,${saleId},2000`].join(
      '\n',
    );
    const [red, blue] = [await picture('#c33'), await picture('#33c')];
    const archive = Buffer.from(
      zipSync({
        'yard photos/': {},
        [`yard photos/${codes[0]}.jpg`]: new Uint8Array(red),
        [`yard photos/${codes[0]}_2.jpg`]: new Uint8Array(blue),
        [`${codes[1]}.JPG`]: new Uint8Array(blue),
        '__MACOSX/._x.jpg': new Uint8Array([1, 2, 3]),
        'notes.txt': new TextEncoder().encode('not a picture'),
      }),
    );
    const res = await importCsv(csv, { pictures: [{ name: 'pictures.zip', bytes: archive }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lots = await lotsWithCodes(codes);
    const media = await db
      .selectFrom('item_media')
      .select('item_id')
      .where(
        'item_id',
        'in',
        lots.map((l) => l.id),
      )
      .execute();
    expect(lots.map((l) => media.filter((m) => m.item_id === l.id).length)).toEqual([2, 1]);

    // 16 MB of zeros packs into a few kilobytes: refused by its unpacked size, before unpacking.
    const bomb = Buffer.from(zipSync({ [`${codes[0]}.jpg`]: new Uint8Array(16 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(100_000);
    const big = await importCsv(csv, { pictures: [{ name: 'big.zip', bytes: bomb }] });
    expect(big.status).toBe(422);
    expect(big.body.errors.images).toEqual([`${codes[0]}.jpg (in big.zip): A picture may be at most 15 MB. Make it smaller and upload it again.`]);
    const two = await importCsv(csv, {
      pictures: [
        { name: 'a.zip', bytes: archive },
        { name: 'b.zip', bytes: archive },
      ],
    });
    expect(two.status).toBe(422);
    expect(two.body.errors.images).toEqual(['Send the pictures as one .zip, not several.']);
    const broken = await importCsv(csv, { pictures: [{ name: 'broken.zip', bytes: Buffer.concat([archive.subarray(0, 40), Buffer.alloc(20)]) }] });
    expect(broken.status).toBe(422);
    expect(broken.body.errors.images[0]).toMatch(/^broken\.zip is not a \.zip we can read/);
  });

  it('when one row is wrong, then nothing is imported and the answer names the row and field; a bad file is refused with a clear 422', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const csv = [
      'code,name,auction_type_id,target_amount,date_from,date_to',
      `OK-${tag},Nissan Hardbody,${saleId},3000000,,`,
      `BAD-${tag},Dell laptop,${saleId},-5,,`,
      `DUP-${tag},Sofa,999999,100000,,`,
      `OK-${tag},Again,${saleId},100,,`,
      `,No code,${saleId},100,,`,
      `DATE-${tag},Desk,${saleId},100,2026-12-10T10:00:00Z,2026-12-01T10:00:00Z`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('5 rows have errors: nothing was imported.');
    const rows = res.body.errors.rows as string[];
    expect(rows[0]).toBe(`Line 3 (BAD-${tag}): target_amount: The starting amount may not be negative.`);
    expect(rows[1]).toMatch(new RegExp(`^Line 4 \\(DUP-${tag}\\): auction_type_id: `));
    expect(rows[2]).toBe(`Line 5 (OK-${tag}): code: OK-${tag} is also on line 2.`);
    expect(rows[3]).toBe('Line 6: code: every row needs a code (it keys the row).');
    expect(rows[4]).toBe(`Line 7 (DATE-${tag}): date_to: The end must be after the start.`);
    expect(res.body.result.totals).toMatchObject({ create: 1, error: 5 });
    expect(await lotsWithCodes([`OK-${tag}`, `BAD-${tag}`])).toEqual([]);

    const bad = async (text: string, message: string | RegExp) => {
      const r = await importCsv(text);
      expect(r.status, text).toBe(422);
      expect(r.body.errors.file[0]).toMatch(message);
    };
    await bad('code,name,colour\nX,Y,red', "Unknown column: colour. Use the template's columns.");
    await bad('name,target_amount\nX,1', 'The file needs a code column: it keys each row.');
    await bad('', 'The file is empty');
    await bad('code,name\n', 'The file has no rows under its header.');
    await bad('code,name\n"unclosed,quote\n', /not a CSV we can read/);
    const noFile = await fetch(`${server.url}/api/admin/lots/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      body: new FormData(),
    });
    expect(noFile.status).toBe(422);
    expect(((await noFile.json()) as any).errors.file).toEqual(['Choose the CSV file (field file).']);

    const stray = await importCsv(`code,name,auction_type_id,target_amount\nPIC-${tag},Chair,${saleId},100`, {
      pictures: [{ name: 'NOBODY.jpg', bytes: await picture('#333') }],
    });
    expect(stray.status).toBe(422);
    expect(stray.body.errors.images).toEqual(["Pictures named nobody… match no row's code."]);
    const notPicture = await importCsv(`code,name,auction_type_id,target_amount\nPIC-${tag},Chair,${saleId},100`, {
      pictures: [{ name: `PIC-${tag}.jpg`, bytes: Buffer.from('not a picture') }],
    });
    expect(notPicture.status).toBe(422);
    expect(notPicture.body.errors.images[0]).toContain('is not a picture we can read');
    expect(await lotsWithCodes([`PIC-${tag}`])).toEqual([]);

    const customer = await createCustomer(db);
    expect((await importCsv('code,name\nX,Y', { as: customer.token })).status).toBe(403);
  });

  it('when lots are exported, then the CSV has the import columns and each lot of the sale with its status and hammer price, and the template downloads', async () => {
    const sale = await admin.post('/api/admin/sales', {
      name: `Export ${randomBytes(3).toString('hex')}`,
      kind: 'online',
      date_to: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const id = sale.body.data.id as number;
    const sold = await createItem(db, { auction_type_id: id, name: 'Sold, lot', code: `EXP-${id}-1`, target_amount: 1000, status: 'sold' });
    await db.updateTable('items').set({ bid_amount: 1500, bid_count: 3 }).where('id', '=', sold).execute();
    await createItem(db, { auction_type_id: id, name: 'Open "lot"', code: `EXP-${id}-2`, target_amount: 2000 });
    const res = await fetch(`${server.url}/api/admin/lots/export?auction_type_id=${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const records = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.code, r.name, r.status, r.bid_amount, r.hammer_price])).toEqual([
      [`EXP-${id}-1`, 'Sold, lot', 'sold', '1500', '1500'],
      [`EXP-${id}-2`, 'Open "lot"', 'available', '', ''],
    ]);
    const template = await fetch(`${server.url}/api/admin/lots/import/template`, { headers: { authorization: `Bearer ${token}` } });
    expect((await template.text()).split('\n')[0]).toBe(
      'code,name,title,description,auction_type_id,branch_id,target_amount,reserve_price,quantity,condition,featured,date_from,date_to',
    );
    expect(
      (await fetch(`${server.url}/api/admin/lots/export?auction_type_id=abc`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }))
        .status,
    ).toBe(422);
    expect(
      (
        await fetch(`${server.url}/api/admin/lots/export?auction_type_id=99999999`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        })
      ).status,
    ).toBe(404);
  });
});
