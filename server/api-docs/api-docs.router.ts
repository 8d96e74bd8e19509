import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import { buildOpenApiDocument } from './openapi-document.js';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const publicDir = path.join(import.meta.dirname, 'public');

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gavel API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
</head>
<body>
<div id="api-reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/swagger-init.js"></script>
</body>
</html>
`;

/**
 * The API's description: `GET /api/openapi.json` (OpenAPI 3.1, generated from the shared zod
 * schemas, Socket.IO events under `x-socket-events`) and `GET /api/docs`, the same rendered by
 * Swagger UI (`swagger-ui-dist`, files served from node_modules under `/api/docs/assets/`).
 * Public, read-only. Source: issue 19 "An API others can build on".
 */
export function createApiDocsRouter(): Router {
  const router = Router();
  router.get('/api/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(buildOpenApiDocument());
  });
  router.get('/api/docs', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_PAGE);
  });
  const assets = { index: false, maxAge: '1d', fallthrough: true } as const;
  router.use('/api/docs/assets', express.static(publicDir, assets), express.static(swaggerUiDir, assets));
  return router;
}
