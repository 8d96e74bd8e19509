import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.GAVEL_API_URL ?? 'http://localhost:3000';

/** A path that is both a client page (GET) and a server call (POST): the page is served for GET. */
const pageOnGet = (req: { method?: string }) => (req.method === 'GET' ? '/index.html' : undefined);

/** The modules (Vite manifest keys) whose code the service worker stores at install: the app's
 * entry and the pages a bidder reads offline. Other chunks are stored once they have been used. */
const OFFLINE_MODULES = [
  'index.html',
  'src/app/routes/home.tsx',
  'src/app/routes/item.tsx',
  'src/app/routes/sale-catalogue.tsx',
  'src/app/routes/auctions.tsx',
  'src/app/routes/not-found.tsx',
  'src/app/layout/mobile-nav-drawer.tsx',
  // Loaded at the first toast (app/providers.tsx): stored so an offline bid's refusal can show.
  'src/app/toast-container.tsx',
];

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built files (`assets/…`) of `OFFLINE_MODULES` and everything they import statically, with their CSS. */
function offlineFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  OFFLINE_MODULES.forEach(visit);
  return files;
}

/**
 * The installable app and its service worker (`/sw.js`, Workbox). Installed, it stores the app's
 * shell, the code of the reading pages (home, lot, sale catalogue, listing) and the icons; as the
 * bidder reads, the listing, sales, adverts, lots and their bids (network first, the stored copy
 * only when the network fails or, outside a lot, answers nothing in 4 s), lot pictures (cache
 * first, the newest 150 for 30 days) and any other hashed code it ran. Pages themselves always
 * come from the server; without a network the stored shell renders them. Nothing else is stored:
 * no POST, socket, operator, sign-in, cart, checkout, account or payment call. It also carries the
 * push handlers (`public/push-sw.js`) and forgets the stored lots when someone signs in or out
 * (`public/sw-session.js`). Source: issue "Installable and offline".
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  // Registered by the app itself (client/src/lib/service-worker.ts), after the page has loaded.
  injectRegister: false,
  registerType: 'autoUpdate',
  filename: 'sw.js',
  manifest: {
    name: 'Gavel',
    short_name: 'Gavel',
    description: 'Gavel: live auctions, online auctions and daily sales in Malawi.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    lang: 'en',
    // The theme's brand green (gavel.8, the header) and the page's background.
    theme_color: '#0a5a31',
    background_color: '#f6f8f7',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  workbox: {
    globPatterns: ['index.html', 'assets/*.{js,css}'],
    // Only the reading pages' code; a build without a manifest stores all code.
    manifestTransforms: [
      (entries) => {
        const manifestPath = fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url));
        if (!fs.existsSync(manifestPath)) return { manifest: entries };
        const keep = offlineFiles(JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>);
        return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || keep.has(e.url)) };
      },
    ],
    // Hashed file names carry their version: fetched as they are (from the HTTP cache when there).
    dontCacheBustURLsMatching: /^assets\//,
    // Pages are never answered from a stored copy while the network answers (see runtimeCaching).
    navigateFallback: null,
    navigationPreload: true,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    importScripts: ['/push-sw.js', '/sw-session.js'],
    runtimeCaching: [
      {
        // A page: the server's HTML; the stored shell only when there is no network.
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      },
      {
        // Public reading: the listing, sales and their lots, adverts, filters, contact, bid settings.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          (/^\/ajax-(items|branches|auction-types)$/.test(url.pathname) ||
            /^\/api\/sales\/\d+(\/lots)?$/.test(url.pathname) ||
            /^\/api\/(public\/adverts|site\/contact|settings\/auction-bid-increment)$/.test(url.pathname)),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'gavel-reading',
          networkTimeoutSeconds: 4,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
      {
        // A lot and its bids: the stored copy only when the network fails, so a lot read online
        // always shows its current price.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(ajax-item\/\d+|api\/open-item\/\d+\/bids)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'gavel-lots',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
      {
        // Lot and advert pictures: stored files never change (a new picture gets a new name).
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'gavel-pictures',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
      {
        // Code not stored at install (operators' pages, the webcast player …), once it has run.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'gavel-code',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
    ],
  },
};

/** iOS takes its home-screen icon from a link in the page, not from the manifest. */
const appleTouchIcon: Plugin = {
  name: 'gavel-apple-touch-icon',
  transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png' }, injectTo: 'head' }],
};

/** Vite configuration of the Gavel client: root `client/`, output `client/dist/`. */
export default defineConfig({
  root: clientRoot,
  // Brotli and gzip files beside every text asset, made once at build: the server sends them as
  // they are (express-static-gzip), so slow mobile connections get small files at no CPU cost.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }), VitePWA(pwaOptions), appleTouchIcon],
  resolve: {
    // `@shared/x` is the repository's shared/ folder (tsconfig.json "paths" says the same to tsc and tsx).
    alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
    // The entry's code in a few chunks rather than one: the server's pages run them one per task
    // before the entry (server/http/page-preloads.ts, public/app-loader.js), so the app's start
    // is several short tasks on a cheap phone instead of one long one (issue 17: Total Blocking Time).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // The schemas every page's start-up code parses answers with: building them is a task of
            // its own, two in fact (the lot's schema is half of the work).
            { name: 'lot-schema', test: /[\\/]shared[\\/]schemas[\\/]item\.schema\.ts$/ },
            { name: 'first-schemas', test: /[\\/]shared[\\/]schemas[\\/](watchlist|bid-record|auctioneer-contact)\.schema\.ts$/ },
            // Mantine's core, its hooks and the components every first page (home, listing, lot,
            // catalogue) draws, as one file: left to the automatic split they are some twenty files
            // of under 2 KB, each shared by a different set of pages, and over HTTP/1.1 each costs
            // its headers and compresses worse alone (home page 312 → 299 KB, 60 → 38 scripts;
            // issue 17 "First visit … ≤ 200 KB"). A part missing from the list only costs a request.
            {
              name: 'first-ui',
              test: /[\\/]node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](core|components[\\/](Alert|Box|CloseButton|Collapse|Input|Loader|Paper|Title|UnstyledButton|Card|Skeleton|Progress|Image|Combobox[\\/]ComboboxChevron))[\\/]|hooks[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Every path the server answers goes to it (tests/lint/dev-proxy.test.ts checks them against
    // the API description); paths that are also client pages go there only for other than GET.
    proxy: {
      '^/ajax-': { target, changeOrigin: false },
      '/api/': { target, changeOrigin: false },
      '/login': { target, changeOrigin: false, bypass: pageOnGet },
      '/logout': { target, changeOrigin: false },
      '/sanctum/': { target, changeOrigin: false },
      '/session/': { target, changeOrigin: false },
      '/uploads/': { target, changeOrigin: false },
      '/socket.io': { target, ws: true, changeOrigin: false },
      '^/cart/(add|remove|update)/': { target, changeOrigin: false },
      '^/(add-to-cart|remove-from-cart)/': { target, changeOrigin: false },
      '/checkout/cash': { target, changeOrigin: false },
      '/dpopay/': { target, changeOrigin: false },
      '/profile': { target, changeOrigin: false, bypass: pageOnGet },
      '/register-bid': { target, changeOrigin: false, bypass: pageOnGet },
      '/dpo-simulator/': { target, changeOrigin: false },
      '/admin/queues': { target, changeOrigin: false },
      // The short link of text messages.
      '^/i/\\d+$': { target, changeOrigin: false },
      '^/(healthz|readyz|metrics)$': { target, changeOrigin: false },
    },
  },
});
