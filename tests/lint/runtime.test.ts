import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('Node runtime (issue 19: runtime and packages)', () => {
  it('when a deployment is built, then it runs the LTS major of .nvmrc and package.json still admits Node 20.19', () => {
    const lts = read('.nvmrc').trim();
    expect(lts).toMatch(/^\d+$/);
    expect(Number(lts)).toBeGreaterThan(20);
    expect(read('Dockerfile')).toMatch(new RegExp(`^FROM node:${lts}-`, 'm'));
    expect(read('README.md')).toContain(`Node ${lts}`);
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('>=20.19');
  });

  it.runIf(process.env.GAVEL_EXPECT_NODE)('when CI runs the suite on the LTS, then the tests and the processes they spawn run on it', () => {
    expect(process.version).toBe(process.env.GAVEL_EXPECT_NODE);
    // Servers are started as `process.execPath --import tsx …` (tests/helpers/processes.ts).
    const child = execFileSync(process.execPath, ['--import', 'tsx', '-e', 'console.log(process.version)'], { cwd: root, encoding: 'utf8' });
    expect(child.trim()).toBe(process.env.GAVEL_EXPECT_NODE);
  });

  it('when the production dependencies are listed, then the load tool’s packages are not among them', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    for (const name of ['commander', 'cli-progress', 'undici']) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBeDefined();
    }
    expect(pkg.dependencies['@bull-board/api']).toBe(pkg.dependencies['@bull-board/express']);
    expect(pkg.dependencies['@bull-board/api']).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
