import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const rootDir = path.resolve(import.meta.dirname, '..', '..');

/** Debian's nginx (`apt-get install nginx libnginx-mod-http-brotli-filter`; .ci/run installs it). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * deploy/nginx.conf as a local run needs it, everything else unchanged: the `gavel` upstream's
 * servers become `upstreams`, the simulator's the first of them, `listen 80` becomes
 * 127.0.0.1:`port`, one worker, in the foreground, with its pid, logs and temporary files
 * under `prefix`.
 */
export function localNginxConfig(opts: { upstreams: string[]; port: number; prefix: string }): string {
  let conf = fs.readFileSync(path.join(rootDir, 'deploy', 'nginx.conf'), 'utf8');
  const servers = opts.upstreams.map((u) => `server ${u} max_fails=3 fail_timeout=10s;`).join('\n    ');
  conf = conf.replace(/server app1:3000[^\n]*\n\s*server app2:3000[^\n]*/, servers);
  conf = conf.replace('server dpo-simulator:3000;', `server ${opts.upstreams[0]};`);
  conf = conf.replace(/listen 80;/, `listen 127.0.0.1:${opts.port};`);
  conf = conf.replace(/worker_processes auto;/, `worker_processes 1;\ndaemon off;\npid ${opts.prefix}/nginx.pid;\nerror_log ${opts.prefix}/error.log warn;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${opts.prefix}/${t}_temp;`).join('\n');
  conf = conf.replace(/http \{\n/, `http {\n  access_log ${opts.prefix}/access.log;\n${temp}\n`);
  if (conf.includes('app1:3000') || conf.includes('listen 80;')) throw new Error('deploy/nginx.conf changed shape: update localNginxConfig');
  return conf;
}

/** An nginx started by a test (a normal process, not a service). */
export interface RunningNginx {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts nginx from {@link localNginxConfig} on a free port and resolves once it answers TCP. */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-nginx-'));
  fs.chmodSync(prefix, 0o755); // workers run as an unprivileged user when nginx starts as root
  const port = await freePort();
  // Debian's module files load `modules/…` relative to the prefix.
  fs.symlinkSync('/usr/lib/nginx/modules', path.join(prefix, 'modules'));
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), localNginxConfig({ upstreams, port, prefix }));
  const child = spawn(NGINX_PATH, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const output = () => `${out}${fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx not listening after 10 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
