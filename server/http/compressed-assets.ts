import type { RequestHandler } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';

/** Hashed build output (Vite names every asset with its content hash): cached for a year, never revalidated. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * The built client's files as the build left them beside each text asset: brotli (`.br`) when the
 * browser takes it, else gzip (`.gz`), else the file itself; `Vary: Accept-Encoding`. Hashed
 * assets are `public, max-age=31536000, immutable`; other files (the service worker, icons) are
 * revalidated every time (`no-cache` with their ETag). Source: issue 17 "Compression … Cache-Control".
 */
export function clientAssets(clientDir: string): RequestHandler {
  return expressStaticGzip(clientDir, {
    enableBrotli: true,
    // `/` is a page like the others (server/http/page-preloads.ts), not the built index.html as it is.
    index: false,
    orderPreference: ['br', 'gz'],
    serveStatic: {
      index: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
}

/**
 * Compresses answers made at request time (JSON, the page's HTML) of 1 KiB or more: brotli at
 * quality 4 (fast enough for every request) when the browser takes it, else gzip. Bids on the
 * bearer lane and Socket.IO do not pass through here. Source: issue 17 "Compression of everything text".
 */
export const compressAnswers: RequestHandler = compression({ threshold: 1024 });
