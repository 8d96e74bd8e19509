import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
let token: string;
const hour = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  token = a.token;
  admin = new TestClient(server.url, a.token);
});
afterAll(async () => {
  await server?.stop();
});

/** A lot in a published online sale, through the API; answers its id. */
async function newLot(): Promise<number> {
  const sale = await admin.post('/api/admin/sales', {
    name: `Pictures sale ${Math.random().toString(36).slice(2, 8)}`,
    kind: 'online',
    date_from: new Date(Date.now() - hour).toISOString(),
    date_to: new Date(Date.now() + 48 * hour).toISOString(),
  });
  expect((await admin.post(`/api/admin/sales/${sale.body.data.id}/publish`)).status).toBe(200);
  const lot = await admin.post('/api/admin/lots', { name: 'Land Cruiser 70', auction_type_id: sale.body.data.id, target_amount: 30_000_000 });
  expect(lot.status).toBe(201);
  return lot.body.data.id;
}

/** `POST /api/admin/lots/{id}/images` with the files as `images[]` (multipart, bearer token). */
async function upload(itemId: number, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append('images[]', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const res = await fetch(`${server.url}/api/admin/lots/${itemId}/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The bytes of a served file (`/uploads/...`), or null when it is not served. */
async function served(url: string): Promise<Buffer | null> {
  const res = await fetch(`${server.url}${url}`);
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** A JPEG `width` × `height` as stored (before orientation), with EXIF orientation and text that must not survive. */
function photo(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .jpeg({ quality: 70 })
    .withMetadata({ orientation })
    .withExif({ IFD0: { Copyright: 'Owner name', ImageDescription: 'Secret yard location' } })
    .toBuffer();
}

type Variant = { width: number; webp: string; avif: string };

describe('lot pictures (issue 13 "Lots (items)": pictures)', () => {
  it('when an operator uploads several pictures at once, then each is stored upright without metadata, with WebP and AVIF at 320/800/1600 px never upscaled, and bidders see them', async () => {
    const itemId = await newLot();
    // Stored 2000 × 1500 and turned by EXIF orientation 6 (90°): upright it is 1500 × 2000.
    const turned = await photo(2000, 1500, 6);
    const small = await sharp({ create: { width: 500, height: 400, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload(itemId, [
      { name: 'front.jpg', type: 'image/jpeg', bytes: turned },
      { name: 'plate.png', type: 'image/png', bytes: small },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const images = res.body.data.images as {
      id: number;
      url: string;
      original_url: string;
      cover: boolean;
      width: number;
      height: number;
      variants: Variant[];
    }[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ cover: true, width: 1500, height: 2000 });
    expect(images[0].variants.map((v) => v.width)).toEqual([320, 800, 1500]);
    expect(images[1]).toMatchObject({ cover: false, width: 500, height: 400 });
    expect(images[1].variants.map((v) => v.width)).toEqual([320, 500]);

    for (const v of images[0].variants) {
      const webp = await sharp((await served(v.webp))!).metadata();
      const avif = await sharp((await served(v.avif))!).metadata();
      expect(webp).toMatchObject({ format: 'webp', width: v.width });
      expect(avif.format).toBe('heif');
      expect(avif.width).toBe(v.width);
      // Upright: taller than wide, like the original once turned.
      expect(webp.height!).toBeGreaterThan(webp.width!);
    }
    const original = await sharp((await served(images[0].original_url))!).metadata();
    expect(original).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 });
    expect(original.orientation).toBeUndefined();
    expect(original.exif).toBeUndefined();
    const originalBytes = (await served(images[0].original_url))!.toString('latin1');
    expect(originalBytes).not.toContain('Secret yard location');
    expect(images[0].url).toBe(images[0].variants[1].webp);

    const item = await new TestClient(server.url).get(`/ajax-item/${itemId}`);
    expect(item.body.media.map((m: { url: string }) => m.url)).toEqual(images.map((i) => i.url));
    expect(item.body.cropped).toBe(images[0].url);
    // The public media carry the stored sizes for srcset (issue 13).
    expect(item.body.media[0].variants.map((v: Variant) => v.width)).toEqual([320, 800, 1500]);
    expect(item.body.media[0].variants[0].webp).toBe(images[0].variants[0].webp);
    const events = await admin.get(`/api/admin/audit?subject_type=item&subject_id=${itemId}&per_page=50`);
    expect(events.body.data.map((e: { type: string }) => e.type)).toContain('lot.images_changed');
  });

  it('when a file is not a picture, even named .jpg and sent as image/jpeg, then it is refused with 422 and nothing is stored', async () => {
    const itemId = await newLot();
    const res = await upload(itemId, [
      { name: 'ok.jpg', type: 'image/jpeg', bytes: await photo(400, 300) },
      { name: 'invoice.jpg', type: 'image/jpeg', bytes: Buffer.from('This is a plain text file, not a picture.\n'.repeat(20)) },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.images[0]).toContain('invoice.jpg');
    expect(res.body.errors.images[0]).toContain('is not a picture');
    expect((await admin.get(`/api/admin/lots/${itemId}`)).body.data.images).toEqual([]);
    const whole = await photo(800, 600);
    const cut = await upload(itemId, [{ name: 'cut.jpg', type: 'image/jpeg', bytes: whole.subarray(0, Math.floor(whole.length / 2)) }]);
    expect(cut.status).toBe(422);
    expect(cut.body.errors.images[0]).toMatch(/cut\.jpg.*(damaged|not a picture)/);
    const none = await upload(itemId, []);
    expect(none.status).toBe(422);
    expect(none.body.errors.images).toBeDefined();
  });

  it('when a picture has more than 40 megapixels or weighs more than 15 MB, then it is refused with a clear 422', async () => {
    const itemId = await newLot();
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#808080' } })
      .jpeg({ quality: 30 })
      .toBuffer();
    const big = await upload(itemId, [{ name: 'drone.jpg', type: 'image/jpeg', bytes: huge }]);
    expect(big.status).toBe(422);
    expect(big.body.errors.images[0]).toMatch(/7000 × 6000 px \(42\.0 megapixels\).*at most 40 megapixels/);

    const heavy = Buffer.concat([await photo(100, 100), Buffer.alloc(16 * 1024 * 1024, 7)]);
    const heavyRes = await upload(itemId, [{ name: 'heavy.jpg', type: 'image/jpeg', bytes: heavy }]);
    expect(heavyRes.status).toBe(422);
    expect(heavyRes.body.message).toContain('15 MB');
    expect((await admin.get(`/api/admin/lots/${itemId}`)).body.data.images).toEqual([]);
  });

  it('when an operator reorders the pictures, chooses the cover and deletes one, then the order, the cover and the files follow', async () => {
    const itemId = await newLot();
    const uploaded = await upload(itemId, [
      { name: 'a.jpg', type: 'image/jpeg', bytes: await photo(640, 480) },
      { name: 'b.jpg', type: 'image/jpeg', bytes: await photo(600, 400) },
      { name: 'c.jpg', type: 'image/jpeg', bytes: await photo(700, 500) },
    ]);
    expect(uploaded.status).toBe(201);
    const [a, b, c] = uploaded.body.data.images as { id: number; url: string; original_url: string; variants: Variant[] }[];

    const reordered = await admin.request('PATCH', `/api/admin/lots/${itemId}/images`, { order: [c.id, a.id, b.id] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.images.map((i: { id: number }) => i.id)).toEqual([c.id, a.id, b.id]);
    const covered = await admin.request('PATCH', `/api/admin/lots/${itemId}/images`, { cover: b.id });
    expect(covered.body.data.images.map((i: { id: number; cover: boolean }) => [i.id, i.cover])).toEqual([
      [b.id, true],
      [c.id, false],
      [a.id, false],
    ]);
    expect((await new TestClient(server.url).get(`/ajax-item/${itemId}`)).body.cropped).toBe(b.url);
    const wrong = await admin.request('PATCH', `/api/admin/lots/${itemId}/images`, { order: [a.id, b.id] });
    expect(wrong.status).toBe(422);

    const deleted = await admin.request('DELETE', `/api/admin/lots/${itemId}/images/${b.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.images.map((i: { id: number; cover: boolean }) => [i.id, i.cover])).toEqual([
      [c.id, true],
      [a.id, false],
    ]);
    expect(await served(b.original_url)).toBeNull();
    expect(await served(b.variants[0].webp)).toBeNull();
    expect(await served(a.original_url)).not.toBeNull();
    expect((await admin.request('DELETE', `/api/admin/lots/${itemId}/images/${b.id}`)).status).toBe(404);
  });

  it('when a lot with pictures is duplicated and the copy loses a picture, then the original lot keeps its files', async () => {
    const itemId = await newLot();
    const uploaded = await upload(itemId, [{ name: 'a.jpg', type: 'image/jpeg', bytes: await photo(640, 480) }]);
    const [picture] = uploaded.body.data.images as { id: number; original_url: string }[];
    const copy = await admin.post(`/api/admin/lots/${itemId}/duplicate`);
    expect(copy.body.data.images).toHaveLength(1);
    expect((await admin.request('DELETE', `/api/admin/lots/${copy.body.data.id}/images/${copy.body.data.images[0].id}`)).status).toBe(200);
    expect(await served(picture.original_url)).not.toBeNull();
  });
});
