import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { startTestServer } from '../helpers/test-server.js';

/** What the issue asks of a catalogue import: 2,000 rows with pictures in under 30 s. Source: issue 13 "Catalogue import". */
const TARGET_SECONDS = 30;

/**
 * `npm run bench:import [rows]` (default 2,000): a server on a fresh PostgreSQL database; an
 * operator imports a CSV of `rows` lots with one phone-sized JPEG each (1280 × 960, sent as one
 * .zip), first as a preview, then for real. Prints the seconds of each beside the target, and the
 * pictures stored per second. Needs PostgreSQL (DATABASE_URL, as the tests).
 */
async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 2000);
  const server = await startTestServer({ engine: 'postgres' });
  try {
    const db = server.database.db;
    const operator = await createCustomer(db, { name: 'Bench Clerk' });
    await grantRole(db, operator.id, 'admin');
    const headers = { authorization: `Bearer ${operator.token}`, accept: 'application/json' };
    const sale = (await (
      await fetch(`${server.url}/api/admin/sales`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Import bench', kind: 'online', date_to: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
      })
    ).json()) as { data: { id: number } };
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const codes = Array.from({ length: rows }, (_, i) => `BEN-${tag}-${i + 1}`);
    const csv = [
      'code,name,auction_type_id,target_amount,condition',
      ...codes.map((c, i) => `${c},Bench lot ${i + 1},${sale.data.id},${(i + 1) * 1000},used`),
    ].join('\n');
    // Ten different photos (noise does not compress away), reused under every lot's name.
    const photos = await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        sharp(randomBytes(320 * 240 * 3), { raw: { width: 320, height: 240, channels: 3 } })
          .resize(1280, 960, { kernel: 'nearest' })
          .modulate({ hue: k * 30 })
          .jpeg({ quality: 80 })
          .toBuffer(),
      ),
    );
    const archive = Buffer.from(zipSync(Object.fromEntries(codes.map((c, i) => [`${c}.jpg`, new Uint8Array(photos[i % photos.length])])), { level: 0 }));

    const send = async (dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
      form.append('images[]', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'pictures.zip');
      if (dryRun) form.append('dry_run', '1');
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/lots/import`, { method: 'POST', headers, body: form });
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== (dryRun ? 200 : 201)) throw new Error(`import answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
      return seconds;
    };
    const preview = await send(true);
    const commit = await send(false);
    const stored = await db
      .selectFrom('item_media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const mb = (archive.length / 1024 / 1024).toFixed(1);
    console.log(`catalogue import: ${rows.toLocaleString('en-GB')} rows, ${Number(stored.n).toLocaleString('en-GB')} pictures stored (.zip ${mb} MB)`);
    console.log(`  preview  ${preview.toFixed(1)} s`);
    console.log(
      `  import   ${commit.toFixed(1)} s  (target ≤ ${TARGET_SECONDS} s: ${commit <= TARGET_SECONDS ? 'met' : 'NOT met'}; ${(rows / commit).toFixed(1)} pictures/s)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
