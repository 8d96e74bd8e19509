import fs from 'node:fs';
import path from 'node:path';
import { firstReadCalls, firstReadPage, type FirstReadPage } from '@shared/page-first-reads.js';

/** One entry of Vite's build manifest (`client/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built page for a path, its query and, when drawn, its first screen (see {@link createPageHtml}). */
export type PageHtml = (pathname: string, search: string, firstScreen?: string | null) => string;

/**
 * The route module (as the manifest names it) of each page whose code and first API answers are
 * announced in the HTML; its answers are the ones the client's code asks for first
 * (shared/page-first-reads.ts), so the browser's preloaded answers are the ones the app takes.
 */
const ROUTES: Record<FirstReadPage['kind'], string> = {
  home: 'src/app/routes/home.tsx',
  item: 'src/app/routes/item.tsx',
  sale: 'src/app/routes/sale-catalogue.tsx',
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Every chunk `key` imports statically, itself included, by manifest key. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * The chunks `key` imports statically, each after the chunks it imports (the order a browser runs
 * them in), `key` itself left out; as built files (`assets/…`).
 */
function runOrder(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const order: string[] = [];
  const seen = new Set<string>([key]);
  const visit = (dep: string) => {
    if (seen.has(dep) || !manifest[dep]) return;
    seen.add(dep);
    for (const next of manifest[dep].imports ?? []) visit(next);
    order.push(manifest[dep].file);
  };
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
  return order;
}

/**
 * The built client's `index.html` for a page path: for the home page, an item page and a sale
 * catalogue it announces, in the head, the page's own code (`modulepreload` of the lazy route's
 * chunks that `index.html` does not load already, and its stylesheets without blocking the first paint) and its first API answers
 * (`preload as=fetch`), so they load while the app's main script does instead of after it.
 * Other paths get `index.html` as built. With a `firstScreen` (HTML drawn on the server,
 * server/http/first-screen.ts) the page carries it and loads its code after the first paint
 * ({@link withFirstScreen}). Reads the files once; without a manifest (an older build) nothing
 * is added. Source: issue 17 "The first API answers the home page needs come with the HTML (or
 * are preloaded)".
 */
export function createPageHtml(clientDir: string): PageHtml {
  // Read again when the client is rebuilt under a running server (index.html changes).
  let built: { mtimeMs: number; render: PageHtml } | null = null;
  return (pathname, search, firstScreen) => {
    const { mtimeMs } = fs.statSync(path.join(clientDir, 'index.html'));
    if (built?.mtimeMs !== mtimeMs) built = { mtimeMs, render: readPageHtml(clientDir) };
    return built.render(pathname, search, firstScreen);
  };
}

function readPageHtml(clientDir: string): PageHtml {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // No manifest: pages get index.html as built.
  }
  const inEntry = staticClosure(manifest, 'index.html');
  const stages = runOrder(manifest, 'index.html').map((file) => `/${file}`);
  const codeLinks = new Map<string, string>();
  for (const route of Object.values(ROUTES)) {
    if (!manifest[route]) continue;
    const links: string[] = [];
    for (const key of staticClosure(manifest, route)) {
      if (inEntry.has(key)) continue;
      const chunk = manifest[key];
      links.push(`<link rel="modulepreload" crossorigin href="/${escapeAttr(chunk.file)}">`);
      // Fetched early but not render-blocking: the page's loader applies it before the page renders.
      for (const css of chunk.css ?? []) links.push(`<link rel="preload" as="style" crossorigin href="/${escapeAttr(css)}">`);
    }
    codeLinks.set(route, links.join(''));
  }
  return (pathname, search, firstScreen) => {
    const first = firstReadPage(pathname);
    let page = html;
    if (first) {
      const calls = firstReadCalls(first, search)
        .filter((call) => call.inHead)
        .map((call) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(call.url)}">`);
      page = html.replace('</head>', `${codeLinks.get(ROUTES[first.kind]) ?? ''}${calls.join('')}</head>`);
    }
    return firstScreen ? withFirstScreen(page, firstScreen, stages) : page;
  };
}

/** Where index.html keeps the first screen (inside `#boot`). */
const BOOT_MAIN = '<div class="boot-main"></div>';
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLE_PRELOAD = /<link rel="preload" as="style" crossorigin href="([^"]+)">/g;

/**
 * `page` with `firstScreen` (HTML drawn on the server) in its `#boot`, and the app's code loaded
 * after the first paint: the module script and module preloads leave the head, and
 * `/app-loader.js` adds them once a frame has been painted, so on a slow connection the page's
 * pictures and text come first; the page's own stylesheets apply at once (the first screen uses
 * them). The loader runs the entry's chunks one per task (`data-stages`, each after those it
 * imports) before the entry, so no single task runs all of the app's code (issue 17: Total
 * Blocking Time). A page without `#boot` is returned as it is. Source: issue 17 (LCP and FCP on a phone).
 */
function withFirstScreen(page: string, firstScreen: string, stages: readonly string[]): string {
  const entry = MODULE_SCRIPT.exec(page);
  if (!entry || !page.includes(BOOT_MAIN)) return page;
  const modules = [...page.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const loader = `<script src="/app-loader.js" data-entry="${escapeAttr(entry[1])}" data-modules="${escapeAttr(modules.join(' '))}" data-stages="${escapeAttr(stages.join(' '))}" defer></script>`;
  return page
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(STYLE_PRELOAD, (_tag, href: string) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .replace('</head>', `${loader}</head>`)
    .replace(BOOT_MAIN, `<div class="boot-main">${firstScreen}</div>`);
}
