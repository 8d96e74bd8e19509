import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.GAVEL_API_URL ?? 'http://localhost:3000';

/** A path that is both a client page (GET) and a server call (POST): the page is served for GET. */
const pageOnGet = (req: { method?: string }) => (req.method === 'GET' ? '/index.html' : undefined);

/** Vite configuration of the Gavel client: root `client/`, output `client/dist/`. */
export default defineConfig({
  root: clientRoot,
  // Brotli and gzip files beside every text asset, made once at build: the server sends them as
  // they are (express-static-gzip), so slow mobile connections get small files at no CPU cost.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    // `@shared/x` is the repository's shared/ folder (tsconfig.json "paths" says the same to tsc and tsx).
    alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
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
