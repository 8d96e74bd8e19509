import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupServerAndBrowser } from '../helpers/browser.js';
import { createCustomer, grantRole } from '../helpers/factories.js';
import { TestClient } from '../helpers/http-client.js';
import { signInThroughLoginPage } from '../helpers/sign-in.js';

const e2e = setupServerAndBrowser();

describe('catalogue import in Chromium (issue 13 "Catalogue import and export")', () => {
  it('when an operator chooses a CSV and pictures, then the preview lists each row first, a wrong row blocks the import, and the corrected file imports every lot with its pictures', async () => {
    const db = e2e.server.database.db;
    const operator = await createCustomer(db, { name: 'Catalogue Clerk' });
    await grantRole(db, operator.id, 'admin');
    const sale = await new TestClient(e2e.server.url, operator.token).post('/api/admin/sales', {
      name: `Plant sale ${randomBytes(3).toString('hex')}`,
      kind: 'online',
      date_to: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    expect(sale.status).toBe(201);
    const saleId = sale.body.data.id as number;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const header = 'code,name,auction_type_id,target_amount,condition,description';
    const rows = Array.from({ length: 10 }, (_, i) => `CAT-${tag}-${i + 1},Lot ${i + 1} of the plant sale,${saleId},${(i + 1) * 100_000},used,"Row ${i + 1}"`);
    const wrong = [header, ...rows.slice(0, 9), `CAT-${tag}-10,Lot 10 of the plant sale,${saleId},-1,used,`].join('\n');
    const right = [header, ...rows].join('\n');
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();

    const ctx = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLoginPage(page, e2e.server.url, operator.email);
    await page.goto(`${e2e.server.url}/admin/import`);
    const inputs = page.getByTestId('catalogue-import').locator('input[type=file]');
    await inputs.nth(0).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(wrong) });
    await inputs.nth(1).setInputFiles([
      { name: `CAT-${tag}-1.jpg`, mimeType: 'image/jpeg', buffer: picture },
      { name: `CAT-${tag}-1_2.jpg`, mimeType: 'image/jpeg', buffer: picture },
      { name: `CAT-${tag}-2.jpg`, mimeType: 'image/jpeg', buffer: picture },
    ]);
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await page.getByTestId('import-preview').click();
    await page.getByTestId('import-summary').waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toContain('9 new, 0 to update, 0 unchanged, 1 with errors');
    expect(await page.getByTestId('import-row').nth(9).textContent()).toContain('target_amount: The starting amount may not be negative.');
    expect(await page.getByTestId('import-row').nth(0).textContent()).toContain('2 pictures');
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    expect(await db.selectFrom('items').select('id').where('code', 'like', `CAT-${tag}-%`).execute()).toEqual([]);

    await inputs.nth(0).setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(right) });
    await page.getByTestId('import-preview').click();
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toContain('10 new, 0 to update, 0 unchanged, 0 with errors');
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-done').waitFor();
    expect(await page.getByTestId('import-done').textContent()).toContain('10 new, 0 updated, 0 unchanged');
    const lots = await db.selectFrom('items').select(['id', 'code']).where('code', 'like', `CAT-${tag}-%`).orderBy('id').execute();
    expect(lots).toHaveLength(10);
    const media = await db
      .selectFrom('item_media')
      .select('item_id')
      .where(
        'item_id',
        'in',
        lots.map((l) => l.id),
      )
      .execute();
    expect(media).toHaveLength(3);
    await ctx.close();
  }, 120_000);
});
