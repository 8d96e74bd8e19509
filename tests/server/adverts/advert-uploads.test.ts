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
  return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]>; data?: { image: string } } };
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
