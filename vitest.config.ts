import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // `@shared/x` is the repository's shared/ folder (tsconfig.json "paths" says the same to tsc and tsx).
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.ts'],
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
  },
});
