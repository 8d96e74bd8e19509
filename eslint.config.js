// @ts-check
/**
 * ESLint configuration (flat config, ESLint 9) of Gavel.
 *
 * Besides the usual recommended sets, it enforces the architecture's boundaries:
 * - shared/ imports nothing from server/, client/, workers/ or tests/;
 * - server/ imports nothing from workers/, client/ or tests/;
 * - client/src imports nothing from server/, workers/ or tests/;
 * - a client feature (client/src/features/<a>) never imports another feature (one zone per feature folder);
 * - client/src/components, lib and config import no feature, and nothing below app/ imports app/;
 * - no import cycles;
 * - in server/, socket emits (`.emit(`, `.to(`) only in server/realtime/, and SQL (`sql` from kysely,
 *   `selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, `with`) only in `*.repository.ts` and server/db/.
 *
 * React hooks: the Rules of Hooks and exhaustive dependencies. The plugin's React Compiler rules
 * (set-state-in-effect, refs, …) are not on: they judge patterns the client uses on purpose
 * (effects that sync server state into local state) and would need a compiler-driven rewrite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const rootDir = path.dirname(fileURLToPath(import.meta.url));

/** Severity of the server's socket and SQL boundaries. */
const SERVER_BOUNDARY_SEVERITY = 'error';

/** The client's feature folders, read when the config loads so that a new feature gets its zone. */
const featureNames = fs
  .readdirSync(path.join(rootDir, 'client/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** import-x/no-restricted-paths zones: paths relative to the repository root. */
const restrictedZones = [
  {
    target: './shared',
    from: ['./server', './client', './workers', './tests'],
    message: 'shared/ is isomorphic and sits at the bottom: it imports nothing from server/, client/, workers/ or tests/.',
  },
  {
    target: './server',
    from: ['./workers', './client', './tests'],
    message: 'server/ imports nothing from workers/, client/ or tests/.',
  },
  {
    target: './client/src',
    from: ['./server', './workers', './tests'],
    message: 'client/src imports nothing from server/, workers/ or tests/ (shared code lives in shared/).',
  },
  ...featureNames.map((name) => ({
    target: `./client/src/features/${name}`,
    from: './client/src/features',
    except: [`./${name}`],
    message: `Features do not import each other: move what client/src/features/${name} needs to components/, lib/ or shared/, or compose the features in app/.`,
  })),
  {
    target: ['./client/src/components', './client/src/lib', './client/src/config'],
    from: './client/src/features',
    message: 'Shared client code (components/, lib/, config/) imports no feature: dependencies flow shared -> features -> app.',
  },
  {
    target: ['./client/src/features', './client/src/components', './client/src/lib', './client/src/config'],
    from: './client/src/app',
    message: 'Only app/ composes the application: features and shared client code never import app/.',
  },
];

/**
 * Two copies of the core no-restricted-syntax rule under their own ids, so that each server
 * boundary has its own severity and its own name in reports.
 */
const noRestrictedSyntax = builtinRules.get('no-restricted-syntax');
if (!noRestrictedSyntax) throw new Error('ESLint no longer exports the core no-restricted-syntax rule');
const boundariesPlugin = {
  meta: { name: 'gavel-boundaries' },
  rules: {
    'socket-emit-outside-realtime': noRestrictedSyntax,
    'sql-outside-repository': noRestrictedSyntax,
  },
};

/** Calls that emit to sockets or select a room: only server/realtime/ maps domain events to rooms. */
const socketEmitSelectors = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='emit']",
    message: 'Socket events are emitted only in server/realtime/: return domain events and let realtime/ present them to rooms.',
  },
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='to']",
    message: 'Socket rooms are chosen only in server/realtime/ (`.to(room)`): return domain events and let realtime/ map them to rooms.',
  },
];

/** Query-builder entry points of Kysely: SQL is written only in repositories and server/db/. */
const sqlSelectors = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with)$/]",
    message: 'SQL lives in `*.repository.ts` files (or server/db/): call a repository function that takes the db/trx first.',
  },
];

const repositoryFiles = ['server/**/*.repository.ts', 'server/db/**'];

export default defineConfig(
  {
    name: 'gavel/ignores',
    ignores: ['**/node_modules/**', 'client/dist/**', 'data/**', 'coverage/**', 'test-results/**', 'screenshots/**', 'scratch/**'],
  },
  {
    name: 'gavel/linter-options',
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'gavel/language',
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  {
    name: 'gavel/client-language',
    files: ['client/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker (web push): a classic script in the worker's own global scope.
    name: 'gavel/service-worker',
    files: ['client/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    name: 'gavel/shared-language',
    files: ['shared/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
  },
  {
    name: 'gavel/typescript',
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      // Unused bindings are allowed when they are named `_…` (ignored arguments, destructuring to omit a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read arbitrary JSON answers (`res.body.data[0].bid_amount`): their HTTP client's body
    // is `any` by default. Source code keeps the rule.
    name: 'gavel/tests-json-answers',
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    name: 'gavel/react-hooks',
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    name: 'gavel/imports',
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses only .js files when it follows imports, and no-cycle sees no TypeScript module.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(rootDir, 'tsconfig.json'), alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: rootDir, zones: restrictedZones }],
    },
  },
  {
    name: 'gavel/server-socket-boundary',
    files: ['server/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: ['server/realtime/**'],
    plugins: { 'gavel-boundaries': boundariesPlugin },
    rules: {
      'gavel-boundaries/socket-emit-outside-realtime': [SERVER_BOUNDARY_SEVERITY, ...socketEmitSelectors],
    },
  },
  {
    name: 'gavel/server-sql-boundary',
    files: ['server/**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: repositoryFiles,
    plugins: { 'gavel-boundaries': boundariesPlugin },
    rules: {
      'gavel-boundaries/sql-outside-repository': [SERVER_BOUNDARY_SEVERITY, ...sqlSelectors],
      'no-restricted-imports': [
        SERVER_BOUNDARY_SEVERITY,
        {
          paths: [
            {
              name: 'kysely',
              importNames: ['sql'],
              message: 'The `sql` template is used only in `*.repository.ts` files (or server/db/): move the query into a repository.',
            },
          ],
        },
      ],
    },
  },
  // Last: turns off the stylistic rules that Prettier owns.
  prettierConfig,
);
