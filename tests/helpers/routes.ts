import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server');

/** A route of the HTTP API as written in the server's routers: method and path pattern (`:id` params). */
export interface DeclaredRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  file: string;
}

/**
 * Every route declared in server/ (`router.get('/path', …)`, `app.post(…)`, template paths with
 * `${DPO_SIMULATOR_BASE}` expanded), read from the source so tests walk the routes as written.
 */
export function declaredRoutes(): DeclaredRoute[] {
  const out: DeclaredRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(/\b(?:router|app)\.(get|post|put|patch|delete)\(\s*['`]([^'`]+)['`]/g)) {
          const route = m[2].replace('${DPO_SIMULATOR_BASE}', '/dpo-simulator');
          // `app.get('trust proxy fn')` and the like read settings: only paths are routes.
          if (route.startsWith('/')) out.push({ method: m[1].toUpperCase() as DeclaredRoute['method'], path: route, file: path.relative(serverDir, full) });
        }
      }
    }
  };
  walk(serverDir);
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
