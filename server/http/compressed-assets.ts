import path from 'node:path';
import type { RequestHandler } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';

/**
 * Hashed build output (Vite names every asset `name-hash.ext`) as a path under `/assets`: one
 * file name, no folder, no backslash; cached for a year, never revalidated. The `.br` and `.gz`
 * files beside each are chosen by Accept-Encoding, never asked for by name.
 */
const HASHED_ASSET = /^\/[^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
/** The compressed copies the build leaves beside each text asset. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/** Static options of express-static-gzip's inner serve-static (its `setHeaders` and the rest). */
type ServeStaticOptions = NonNullable<NonNullable<Parameters<typeof expressStaticGzip>[1]>['serveStatic']>;

/**
 * Files of `dir` as the build left them beside each text asset: brotli (`.br`) when the browser
 * takes it, else gzip (`.gz`), else the file itself; `Vary: Accept-Encoding`; never a folder's
 * index (`/` is a page like the others: server/http/page-preloads.ts). `serveStatic` adds to that.
 */
function precompressedFiles(dir: string, serveStatic: ServeStaticOptions): RequestHandler {
  return expressStaticGzip(dir, { enableBrotli: true, index: false, orderPreference: ['br', 'gz'], serveStatic: { index: false, ...serveStatic } });
}

/**
 * The built client's other files (the service worker, the manifest, icons) as
 * {@link precompressedFiles}, revalidated every time (`no-cache` with their ETag); the hashed
 * assets are answered before this by {@link hashedAssets}. Source: issue 17 "Compression … Cache-Control".
 */
export function clientAssets(clientDir: string): RequestHandler {
  return precompressedFiles(clientDir, { setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache') });
}

/**
 * The hashed build output (`/assets/name-hash.ext`) served ahead of the security headers, with
 * only the headers a script, stylesheet or font needs: `Cache-Control` (a year, immutable),
 * `Content-Type`, `Content-Encoding`, `Vary`, `X-Content-Type-Options: nosniff` and
 * `Cross-Origin-Resource-Policy: same-origin`. The document-only ones (Content-Security-Policy,
 * X-Frame-Options, Referrer-Policy …) apply to pages and workers, not to the files a page loads,
 * and cost about 0.9 KB on each of the first page's fifty requests over HTTP/1.1; no
 * `Last-Modified`, `ETag` or `Accept-Ranges` either, since an immutable file is never revalidated.
 * Anything else (a file name without a hash, a missing file) goes on to the next handler.
 * Source: issue 17 "First visit to the home page: ≤ 200 KB transferred in all".
 */
export function hashedAssets(clientDir: string): RequestHandler {
  const serve = precompressedFiles(path.join(clientDir, 'assets'), {
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    },
  });
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !HASHED_ASSET.test(req.path) || COMPRESSED_COPY.test(req.path)) return next();
    serve(req, res, next);
  };
}

/**
 * Compresses answers made at request time (JSON, the page's HTML) of 1 KiB or more: brotli at
 * quality 4 (fast enough for every request) when the browser takes it, else gzip. Bids on the
 * bearer lane and Socket.IO do not pass through here. Source: issue 17 "Compression of everything text".
 */
export const compressAnswers: RequestHandler = compression({ threshold: 1024 });
