import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server's build of the first screen (client/src/prerender/entry-server.tsx) for Node: one
 * module, `client/dist-ssr/entry-server.js`, with its packages inside (the server image then needs
 * no client packages), loaded by server/http/first-screen.ts. `npm run build` makes it after the
 * browser's build. Source: issue 17 "The first screen comes with the HTML".
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('../shared', import.meta.url)) },
  },
  // The production build of React and the app (no development checks on the server).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  // The page's pictures and files are the browser build's.
  publicDir: false,
  build: {
    ssr: fileURLToPath(new URL('./src/prerender/entry-server.tsx', import.meta.url)),
    outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
    emptyOutDir: true,
    // CSS is the browser build's: the first screen uses the stylesheets the page links.
    cssCodeSplit: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js', format: 'es', inlineDynamicImports: true } },
  },
});
