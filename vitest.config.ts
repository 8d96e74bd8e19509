import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests driving Chromium through whole journeys (tests/e2e). */
const BROWSER_TESTS = 'tests/e2e/**/*.test.ts';

export default defineConfig({
  resolve: {
    // `@shared/x` is the repository's shared/ folder (tsconfig.json "paths" says the same to tsc and tsx).
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page drawn a little late on a busy machine is not a failure: polls wait up to 5 s (not 1 s).
    expect: { poll: { timeout: 5_000 } },
    pool: 'forks',
    // Kysely's FileMigrationProvider imports server/db/migrations/*.ts natively (outside Vite): tsx
    // loads them, as it does for `npm start` and the processes tests spawn.
    execArgv: ['--import', 'tsx'],
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['tests/**/*.test.ts'], exclude: [BROWSER_TESTS] },
      },
      {
        // A browser journey on a loaded two-core machine can lose a click to a re-render or wait out a
        // slow paint; it gets a second and third try (a test that fails every time still fails). The
        // server, rule and fault tests get none: a race that fails once in three runs is a bug there.
        extends: true,
        test: { name: 'browser', include: [BROWSER_TESTS], retry: 2 },
      },
    ],
  },
});
