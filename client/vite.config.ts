import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const target = process.env.GAVEL_API_URL ?? 'http://localhost:3000';

/** Vite configuration of the Gavel client: root `client/`, output `client/dist/`. */
export default defineConfig({
  root: clientRoot,
  plugins: [react()],
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
    proxy: {
      '^/ajax-': { target, changeOrigin: false },
      '/api': { target, changeOrigin: false },
      '/login': { target, changeOrigin: false, bypass: (req) => (req.method === 'GET' ? '/index.html' : undefined) },
      '/logout': { target, changeOrigin: false },
      '/sanctum': { target, changeOrigin: false },
      '/session': { target, changeOrigin: false },
      '/uploads': { target, changeOrigin: false },
      '/socket.io': { target, ws: true, changeOrigin: false },
    },
  },
});
