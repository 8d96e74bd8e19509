import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`client/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The pages whose code and first API answers are announced in the HTML: the page's path pattern,
 * its route module (as the manifest names it) and the API answers its first render asks for.
 * The calls are the ones `client/src/app/early-requests.ts` starts, so the browser's preloaded
 * answers are the ones the app's code takes.
 */
const PAGES: { path: RegExp; route: string; calls: (m: RegExpExecArray, search: string) => string[] }[] = [
  {
    path: /^\/(homepage|spa|home-vue)?\/?$/i,
    route: 'src/app/routes/home.tsx',
    // The listing's first call when the address has no query (any filter changes it).
    calls: (_m, search) => (search ? ['/api/public/adverts'] : ['/api/public/adverts', '/ajax-items?sort_by=newest&per_page=9&page=1']),
  },
  { path: /^\/(?:(?:spa|home-vue)\/)?item\/(\d+)\/?$/i, route: 'src/app/routes/item.tsx', calls: (m) => [`/ajax-item/${m[1]}`] },
  {
    path: /^\/auctions\/(\d+)\/?$/i,
    route: 'src/app/routes/sale-catalogue.tsx',
    calls: (m) => [`/api/sales/${m[1]}`, `/api/sales/${m[1]}/lots?page=1&per_page=48`],
  },
];

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Every chunk `key` imports statically, itself included, by manifest key. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * The built client's `index.html` for a page path: for the home page, an item page and a sale
 * catalogue it announces, in the head, the page's own code (`modulepreload` of the lazy route's
 * chunks that `index.html` does not load already, and its stylesheets without blocking the first paint) and its first API answers
 * (`preload as=fetch`), so they load while the app's main script does instead of after it.
 * Other paths get `index.html` as built. Reads the files once; without a manifest (an older
 * build) nothing is added. Source: issue 17 "The first API answers the home page needs come with
 * the HTML (or are preloaded)".
 */
export function createPageHtml(clientDir: string): (pathname: string, search: string) => string {
  // Read again when the client is rebuilt under a running server (index.html changes).
  let built: { mtimeMs: number; render: (pathname: string, search: string) => string } | null = null;
  return (pathname, search) => {
    const { mtimeMs } = fs.statSync(path.join(clientDir, 'index.html'));
    if (built?.mtimeMs !== mtimeMs) built = { mtimeMs, render: readPageHtml(clientDir) };
    return built.render(pathname, search);
  };
}

function readPageHtml(clientDir: string): (pathname: string, search: string) => string {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // No manifest: pages get index.html as built.
  }
  const inEntry = staticClosure(manifest, 'index.html');
  const codeLinks = new Map<string, string>();
  for (const page of PAGES) {
    if (!manifest[page.route]) continue;
    const links: string[] = [];
    for (const key of staticClosure(manifest, page.route)) {
      if (inEntry.has(key)) continue;
      const chunk = manifest[key];
      links.push(`<link rel="modulepreload" crossorigin href="/${escapeAttr(chunk.file)}">`);
      // Fetched early but not render-blocking: the page's loader applies it before the page renders.
      for (const css of chunk.css ?? []) links.push(`<link rel="preload" as="style" crossorigin href="/${escapeAttr(css)}">`);
    }
    codeLinks.set(page.route, links.join(''));
  }
  return (pathname, search) => {
    for (const page of PAGES) {
      const m = page.path.exec(pathname);
      if (!m) continue;
      const calls = page.calls(m, search).map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(url)}">`);
      return html.replace('</head>', `${codeLinks.get(page.route) ?? ''}${calls.join('')}</head>`);
    }
    return html;
  };
}
