import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };

describe('README (issue 20 item 10)', () => {
  it('when a newcomer reads which Node to install, then it is the version package.json requires', () => {
    const required = pkg.engines.node.replace(/^>=\s*/, '');
    expect(readme).toContain(`Node ${required} or later`);
    expect(readme).not.toMatch(/nothing but Node 20:/);
  });

  it('when an operator looks for the back office, then every admin screen and the account to reach it are named', () => {
    expect(readme).toContain('`admin@gavel.mw` / `password`');
    for (const screen of ['registrations', 'orders', 'adverts', 'pages', 'settings', 'audit', 'queues']) expect(readme).toContain(`\`/admin/${screen}\``);
  });

  it('when a buyer pays more than DPO Pay takes, then the README says the limit and what to do instead', () => {
    expect(readme).toContain('MK 999,999.99 per order');
    expect(readme).toMatch(/cash on delivery, or split the cart/);
  });

  it('when the README names a file or folder, then it is inside the repository', () => {
    const named = [...readme.matchAll(/`((?:\.\.?\/|[a-z][\w.-]*\/)[\w./-]*\.(?:ts|md|js|mjs|json|yml|conf))`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) {
      expect(path.resolve(root, file).startsWith(`${root}${path.sep}`), file).toBe(true);
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
  });
});
