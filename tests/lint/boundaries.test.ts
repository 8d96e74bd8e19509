import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The repository's eslint.config.js is loaded as `npm run lint` loads it; each case plants a
// violation (real files for the cycle, virtual paths for the rest) and expects the rule's id.

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtureDir = path.join(rootDir, 'tests', 'lint', `__fixture_${process.pid}__`);

let eslint: ESLint;

/** The rule ids ESLint reports for `code` linted as if it were the file at `relPath`. */
async function ruleIdsFor(code: string, relPath: string, options: ESLint.Options = {}): Promise<string[]> {
  const linter = Object.keys(options).length > 0 ? new ESLint({ cwd: rootDir, ...options }) : eslint;
  const [result] = await linter.lintText(code, { filePath: path.join(rootDir, relPath) });
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** Some source file of the client feature `name`, relative to the feature folder, without extension. */
function someFeatureModule(name: string): string | undefined {
  const featureDir = path.join(rootDir, 'client/src/features', name);
  const stack = [featureDir];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) return path.relative(featureDir, full).replace(/\.tsx?$/, '');
    }
  }
  return undefined;
}

beforeAll(() => {
  eslint = new ESLint({ cwd: rootDir });
  fs.mkdirSync(fixtureDir, { recursive: true });
  fs.writeFileSync(path.join(fixtureDir, 'cycle-a.ts'), "import { b } from './cycle-b.js';\n\nexport const a = (): number => b() + 1;\n");
  fs.writeFileSync(path.join(fixtureDir, 'cycle-b.ts'), "import { a } from './cycle-a.js';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n");
});

afterAll(() => {
  fs.rmSync(fixtureDir, { recursive: true, force: true });
});

describe('lint boundaries', () => {
  it('when two files import each other, then import-x/no-cycle reports both', async () => {
    const results = await eslint.lintFiles([path.join(fixtureDir, 'cycle-a.ts'), path.join(fixtureDir, 'cycle-b.ts')]);
    expect(results).toHaveLength(2);
    for (const result of results) expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('when a shared/ file imports server/, then import-x/no-restricted-paths reports it', async () => {
    expect(fs.existsSync(path.join(rootDir, 'server/app.ts'))).toBe(true);
    const ids = await ruleIdsFor("import { createApp } from '../server/app.js';\n\nexport const app = createApp;\n", 'shared/__lint_fixture__.ts');
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('when server/ imports tests/ or client/src imports server/, then import-x/no-restricted-paths reports it', async () => {
    const fixtureFromServer = path.relative(path.join(rootDir, 'server/items'), path.join(fixtureDir, 'cycle-a.js')).split(path.sep).join('/');
    expect(await ruleIdsFor(`export { a } from '${fixtureFromServer}';\n`, 'server/items/__lint_fixture__.ts')).toContain('import-x/no-restricted-paths');
    expect(await ruleIdsFor("export { createApp } from '../../../server/app.js';\n", 'client/src/lib/__lint_fixture__.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('when one client feature imports another, or lib/ imports a feature, then import-x/no-restricted-paths reports it', async () => {
    const features = fs
      .readdirSync(path.join(rootDir, 'client/src/features'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({ name: e.name, module: someFeatureModule(e.name) }))
      .filter((f): f is { name: string; module: string } => f.module !== undefined);
    expect(features.length).toBeGreaterThanOrEqual(2);
    const [importer, imported] = features;
    const code = `export * from '../../${imported.name}/${imported.module}';\n`;
    expect(await ruleIdsFor(code, `client/src/features/${importer.name}/components/__lint_fixture__.ts`)).toContain('import-x/no-restricted-paths');
    // The same import inside the imported feature itself is allowed.
    expect(await ruleIdsFor(code, `client/src/features/${imported.name}/components/__lint_fixture__.ts`)).not.toContain('import-x/no-restricted-paths');
    expect(await ruleIdsFor(`export * from '../features/${imported.name}/${imported.module}';\n`, 'client/src/lib/__lint_fixture__.ts')).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('when server code outside realtime/ emits or picks a room, then the socket boundary reports it', async () => {
    const code = "declare const io: { to(room: string): { emit(event: string, payload: unknown): void } };\n\nio.to('item:1').emit('item:updated', {});\n";
    const outside = await ruleIdsFor(code, 'server/items/__lint_fixture__.service.ts');
    expect(outside.filter((id) => id === 'gavel-boundaries/socket-emit-outside-realtime')).toHaveLength(2);
    expect(await ruleIdsFor(code, 'server/realtime/__lint_fixture__.ts')).not.toContain('gavel-boundaries/socket-emit-outside-realtime');
  });

  it('when server code outside repositories and db/ builds SQL, then the SQL boundary reports each query-builder call and the sql import', async () => {
    const code = [
      "import { sql, type Kysely } from 'kysely';",
      '',
      'export async function touch(db: Kysely<Record<string, Record<string, unknown>>>): Promise<void> {',
      "  await db.selectFrom('items').selectAll().execute();",
      "  await db.insertInto('items').values({}).execute();",
      "  await db.updateTable('items').set({}).execute();",
      "  await db.deleteFrom('items').execute();",
      "  await db.with('recent', (q) => q.selectFrom('items').selectAll()).selectFrom('recent').selectAll().execute();",
      '  await sql`select 1`.execute(db);',
      '}',
      '',
    ].join('\n');
    const outside = await ruleIdsFor(code, 'server/items/__lint_fixture__.service.ts');
    // selectFrom, insertInto, updateTable, deleteFrom, with, and the two selectFrom calls of the last query.
    expect(outside.filter((id) => id === 'gavel-boundaries/sql-outside-repository')).toHaveLength(7);
    expect(outside).toContain('no-restricted-imports');
    for (const allowed of ['server/items/__lint_fixture__.repository.ts', 'server/db/__lint_fixture__.ts']) {
      const ids = await ruleIdsFor(code, allowed);
      expect(ids).not.toContain('gavel-boundaries/sql-outside-repository');
      expect(ids).not.toContain('no-restricted-imports');
    }
    // A method of the same name on something that is not called (a property read) is not a query.
    expect(await ruleIdsFor('export const pick = (o: { with: number }): number => o.with;\n', 'server/items/__lint_fixture__.ts')).toEqual([]);
  });

  it('when code imports through the @shared alias, then the import resolver finds the file', async () => {
    const sharedModule = fs
      .readdirSync(path.join(rootDir, 'shared/rules'))
      .find((f) => f.endsWith('.ts'))
      ?.replace(/\.ts$/, '');
    expect(sharedModule).toBeDefined();
    const options: ESLint.Options = { overrideConfig: { rules: { 'import-x/no-unresolved': 'error' } } };
    expect(await ruleIdsFor(`export * from '@shared/rules/${sharedModule}.js';\n`, 'client/src/lib/__lint_fixture__.ts', options)).toEqual([]);
    expect(await ruleIdsFor("export * from '@shared/rules/__no_such_module__.js';\n", 'client/src/lib/__lint_fixture__.ts', options)).toContain(
      'import-x/no-unresolved',
    );
  });
});
