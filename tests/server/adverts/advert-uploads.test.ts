import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db);
  await grantRole(server.database.db, a.id, 'admin');
  adminToken = a.token;
});
afterAll(async () => {
  await server?.stop();
});

const REFUSED = 'The image must be a JPEG, PNG or WebP picture.';

/** Uploads `bytes` as the banner picture declared as `type`; answers the status and body. */
async function upload(bytes: Buffer, type: string, name: string) {
  const form = new FormData();
  form.set('description', 'Live auction: Lilongwe, Friday 09:00');
  form.set('date_from', new Date(Date.now() - 60_000).toISOString());
  form.set('date_to', new Date(Date.now() + 86_400_000).toISOString());
  form.set('active', 'true');
  form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${server.url}/api/admin/adverts`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  return {
    status: res.status,
    body: (await res.json()) as {
      errors?: Record<string, string[]>;
      data?: { id: number; image: string; image_variants: { width: number; webp: string; avif: string }[] };
    },
  };
}

const picture = (format: 'png' | 'gif' | 'tiff') =>
  sharp({ create: { width: 30, height: 10, channels: 3, background: '#a50' } })
    [format]()
    .toBuffer();

describe('advert pictures are judged by their content, not their declared type (issue 18)', () => {
  it('when an SVG, a GIF or a TIFF is declared as a PNG or JPEG, then 422 and no advert', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10"><rect width="30" height="10" fill="red"/></svg>');
    for (const [bytes, type, name] of [
      [svg, 'image/png', 'banner.png'],
      [await picture('gif'), 'image/jpeg', 'banner.jpg'],
      [await picture('tiff'), 'image/webp', 'banner.webp'],
      [Buffer.from('GIF89a not really'), 'image/png', 'banner.png'],
    ] as const) {
      const res = await upload(bytes, type, name);
      expect(res.status, `${name} declared ${type}`).toBe(422);
      expect(res.body.errors?.image).toEqual([REFUSED]);
    }
    const count = await server.database.db
      .selectFrom('adverts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('when a real PNG is uploaded, then it is stored as the banner', async () => {
    const res = await upload(await picture('png'), 'image/png', 'banner.png');
    expect(res.status).toBe(201);
    expect(res.body.data?.image).toMatch(/^\/uploads\/adverts\/advert-[0-9a-f]+\.webp$/);
  });
});

/** Sends an operator's multipart PATCH of advert `id`. */
function patchAdvert(id: number, form: FormData): Promise<Response> {
  return fetch(`${server.url}/api/admin/adverts/${id}`, { method: 'PATCH', headers: { authorization: `Bearer ${adminToken}` }, body: form });
}

/** The file names in the test server's banner folder (DATA_DIR is set per test process: tests/helpers/test-server.ts), sorted. */
async function bannerFiles(): Promise<string[]> {
  return (await fs.readdir(path.join(`/tmp/gavel-test-${process.pid}`, 'uploads', 'adverts'))).sort();
}

/** Format, width and height of the picture the server serves at `url`. */
async function served(url: string) {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status, url).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('advert banners are stored at the widths a screen needs (issue 17 "Pictures: srcset")', () => {
  it('when a wide photo is uploaded, then the banner is 1200×400 and also 480 and 800 px wide, as WebP and AVIF, and visitors get every size', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1000, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const res = await upload(photo, 'image/jpeg', 'yard.jpg');
    expect(res.status).toBe(201);
    const advert = res.body.data!;
    expect(await served(advert.image)).toEqual({ format: 'webp', width: 1200, height: 400 });
    expect(advert.image_variants.map((v) => v.width)).toEqual([480, 800, 1200]);
    for (const v of advert.image_variants) {
      const height = Math.round(v.width / 3);
      expect(await served(v.webp)).toEqual({ format: 'webp', width: v.width, height });
      // sharp names AVIF's container "heif".
      expect(await served(v.avif)).toEqual({ format: 'heif', width: v.width, height });
    }
    const shown = (await (await fetch(`${server.url}/api/public/adverts`)).json()) as { data: { id: number; image_variants: unknown }[] };
    expect(shown.data.find((a) => a.id === advert.id)?.image_variants).toEqual(advert.image_variants);

    // A new picture replaces the sizes too.
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'small.png');
    const patched = await patchAdvert(advert.id, form);
    expect(patched.status).toBe(200);
    const after = ((await patched.json()) as { data: { image: string; image_variants: { webp: string }[] } }).data;
    expect(after.image).not.toBe(advert.image);
    expect(after.image_variants).toHaveLength(3);
    expect(after.image_variants.map((v) => v.webp)).not.toContain(advert.image_variants[0].webp);
    // The replaced picture's files are gone from the disk; the new ones are served.
    for (const url of [advert.image, ...advert.image_variants.flatMap((v) => [v.webp, v.avif])]) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
    expect((await fetch(`${server.url}${after.image}`)).status).toBe(200);
  });

  it('when a change with a new picture is refused, then the picture stored for it is deleted again and the advert keeps its own', async () => {
    const created = await upload(await picture('png'), 'image/png', 'banner.png');
    expect(created.status).toBe(201);
    const advert = created.body.data!;
    const bannersBefore = await bannerFiles();
    const form = new FormData();
    // The end before the start: the command refuses it after the picture was stored.
    form.set('date_to', new Date(Date.now() - 86_400_000).toISOString());
    form.set('image', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'other.png');
    const refused = await patchAdvert(advert.id, form);
    expect(refused.status).toBe(422);
    expect(await bannerFiles()).toEqual(bannersBefore);
    expect((await fetch(`${server.url}${advert.image}`)).status).toBe(200);

    // The same for a new advert refused for its sale link.
    const form2 = new FormData();
    form2.set('description', 'Refused');
    form2.set('date_from', new Date(Date.now() - 60_000).toISOString());
    form2.set('date_to', new Date(Date.now() + 86_400_000).toISOString());
    form2.set('auction_type_id', '999999');
    form2.set('image', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'other.png');
    const refused2 = await fetch(`${server.url}/api/admin/adverts`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form2 });
    expect(refused2.status).toBe(422);
    expect(await bannerFiles()).toEqual(bannersBefore);
  });

  it('when a banner was stored before sizes were kept, then visitors get its one picture and no sizes', async () => {
    const row = await server.database.db
      .insertInto('adverts')
      .values({
        description: 'Older banner',
        image: '/uploads/adverts/older.webp',
        date_from: new Date(Date.now() - 60_000),
        date_to: new Date(Date.now() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shown = (await (await fetch(`${server.url}/api/public/adverts`)).json()) as { data: { id: number; image: string; image_variants: unknown }[] };
    const older = shown.data.find((a) => a.id === row.id);
    expect(older).toMatchObject({ image: '/uploads/adverts/older.webp', image_variants: [] });
  });
});
