#!/usr/bin/env node
/**
 * Codemod: rewrites every relative module specifier that points into the repository's
 * shared/ folder (`'../../shared/rules/money.js'`, any depth) into the `@shared/…` alias
 * (`'@shared/rules/money.js'`), keeping the rest of the specifier (extension or none) as it is.
 *
 * Covered: `import … from`, `import type … from`, side-effect `import '…'`, `export … from`,
 * `import('…')` (dynamic import and `import('…').Type` in type positions), `import x = require('…')`,
 * and the module argument of `vi.mock` / `vi.doMock` / `vi.unmock` / `vi.importActual` / `vi.importMock`.
 * Specifiers are found with the TypeScript parser, so text in comments and ordinary strings is never touched.
 * Files inside shared/ itself keep their relative imports.
 *
 * Usage:
 *   node scripts/use-shared-alias.mjs --dry-run   # prints what would change and the count, writes nothing
 *   node scripts/use-shared-alias.mjs             # rewrites the files
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedDir = path.join(rootDir, 'shared');
const scanDirs = ['server', 'client/src', 'workers', 'tests'];
const sourceExt = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const skipDirs = new Set(['node_modules', 'dist', 'coverage']);
const viModuleCalls = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

const dryRun = process.argv.includes('--dry-run') || process.argv.includes('-n');
const quiet = process.argv.includes('--quiet');

/** Yields the source files under `dir`, depth first, skipping build output and dependencies. */
function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (entry.isFile() && sourceExt.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield path.join(dir, entry.name);
    }
  }
}

/** The `@shared/…` form of `specifier` imported from `file`, or null when it does not point into shared/. */
function aliasFor(file, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  const rel = path.relative(sharedDir, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return `@shared/${rel.split(path.sep).join('/')}`;
}

/** The string-literal module specifiers of a source file (import/export/require/dynamic import/vi.mock). */
function moduleSpecifiers(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (ts.isStringLiteral(node.moduleReference.expression)) found.push(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const [first] = node.arguments;
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isViCall =
        ts.isPropertyAccessExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'vi' &&
        viModuleCalls.has(node.expression.name.text);
      if ((isDynamicImport || isViCall) && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) found.push(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Rewrites one file's specifiers; returns the list of [from, to] pairs. */
function rewriteFile(file) {
  const text = fs.readFileSync(file, 'utf8');
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.(js|mjs|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits = [];
  for (const literal of moduleSpecifiers(sourceFile)) {
    const alias = aliasFor(file, literal.text);
    if (alias) edits.push({ start: literal.getStart(sourceFile) + 1, end: literal.getEnd() - 1, from: literal.text, to: alias });
  }
  if (edits.length > 0 && !dryRun) {
    let out = text;
    for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.to + out.slice(edit.end);
    fs.writeFileSync(file, out);
  }
  return edits.map((e) => [e.from, e.to]);
}

let total = 0;
let files = 0;
for (const dir of scanDirs) {
  for (const file of walk(path.join(rootDir, dir))) {
    const changes = rewriteFile(file);
    if (changes.length === 0) continue;
    total += changes.length;
    files += 1;
    if (!quiet) {
      console.log(path.relative(rootDir, file));
      for (const [from, to] of changes) console.log(`  ${from} -> ${to}`);
    }
  }
}
console.log(
  `${dryRun ? 'Would rewrite' : 'Rewrote'} ${total} import specifier(s) of shared/ in ${files} file(s)${dryRun ? ' (dry run: nothing written)' : ''}.`,
);
