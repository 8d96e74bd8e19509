import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where Debian keeps the PostgreSQL 15 server programs (initdb, pg_ctl). */
const PG_BIN = process.env.GAVEL_PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** The unprivileged account private PostgreSQL servers run as when the tests run as root (initdb refuses root). */
const PG_OS_USER = 'gaveltest';
/** Options of a private PostgreSQL: local only, and no durability work (a test server is thrown away). */
const PG_SETTINGS = '-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off';

/** Services of this process still running: stopped when it exits, even after a failed test. */
const live = new Set<() => void>();
process.once('exit', () => {
  for (const cleanUp of live) cleanUp();
});

/** A free TCP port on 127.0.0.1 (asked of the system, then released; another process could take it in between). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 100 ms until it answers true; rejects with `what` after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await Promise.resolve()
      .then(check)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** uid and gid of the account that runs PostgreSQL (created once when missing); undefined when not root. */
function postgresAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookUp = () => {
    const r = spawnSync('id', ['-u', PG_OS_USER], { encoding: 'utf8' });
    if (r.status !== 0) return undefined;
    const gid = spawnSync('id', ['-g', PG_OS_USER], { encoding: 'utf8' }).stdout.trim();
    return { uid: Number(r.stdout.trim()), gid: Number(gid) };
  };
  const found = lookUp();
  if (found) return found;
  // Two test files may race to create it: the loser finds it afterwards.
  spawnSync('useradd', ['-m', PG_OS_USER], { encoding: 'utf8' });
  const created = lookUp();
  if (!created) throw new Error(`could not create the account ${PG_OS_USER} that runs private PostgreSQL servers`);
  return created;
}

/** A PostgreSQL server of one test file, in a temporary folder, on its own port. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/gavel` (trust authentication). */
  url: string;
  port: number;
  /** Starts the stopped server and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (`pg_ctl stop -m fast`: sessions are ended) and waits until it is down. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`: every session ends, then the server is back. */
  restart(): Promise<void>;
  /** The server's own log so far. */
  log(): string;
  /** Stops the server at once if running and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * Creates and starts a private PostgreSQL 15 on a free port: `initdb` into a new temporary
 * folder (as the unprivileged account `gaveltest`, created once when missing, if the tests run
 * as root), the server's socket in the same folder, and an empty database `gavel`. Tests that
 * stop or restart their database (the fault-hardening tests of tests/faults) use it instead of
 * the shared server. It is stopped and its folder removed by `destroy()`, or when the test
 * process exits.
 * @throws when initdb or the server fails (the message carries their output).
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const account = postgresAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-pg-'));
  if (account) fs.chownSync(dir, account.uid, account.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  const pgCommand = (program: string, args: string[]): [string, string[]] =>
    account ? ['runuser', ['-u', PG_OS_USER, '--', path.join(PG_BIN, program), ...args]] : [path.join(PG_BIN, program), args];
  const pgRun = async (program: string, args: string[]) => {
    const [file, argv] = pgCommand(program, args);
    try {
      await run(file, argv, { cwd: dir, timeout: 120_000 });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      throw new Error(`${program} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n${readLog()}`);
    }
  };
  const readLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const serverOptions = `-p ${port} -k ${dir} ${PG_SETTINGS}`;
  const ctl = (action: 'start' | 'stop' | 'restart', mode: 'fast' | 'immediate' = 'fast') =>
    pgRun('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '90',
      ...(action === 'stop' ? [] : ['-o', serverOptions]),
      ...(action === 'start' ? [] : ['-m', mode]),
      action,
    ]);

  const cleanUpNow = () => {
    const [file, argv] = pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  live.add(cleanUpNow);
  try {
    await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
    await ctl('start');
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query('CREATE DATABASE gavel');
    await admin.end();
  } catch (err) {
    live.delete(cleanUpNow);
    cleanUpNow();
    throw err;
  }

  const accepting = async () => {
    const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'gavel', connectionTimeoutMillis: 2000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } finally {
      await c.end().catch(() => undefined);
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/gavel`,
    port,
    start: async () => {
      await ctl('start');
      await until(accepting, 'private PostgreSQL not accepting connections', 60_000);
    },
    stop: () => ctl('stop'),
    restart: async () => {
      await ctl('restart');
      await until(accepting, 'private PostgreSQL not accepting connections', 60_000);
    },
    log: readLog,
    destroy: async () => {
      if (!live.delete(cleanUpNow)) return;
      cleanUpNow();
    },
  };
}

/** A Redis server of one test file, in a temporary folder, on its own port. */
export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Starts the stopped server again (same port) and waits until it answers PING. */
  start(): Promise<void>;
  /** Stops the server (SIGTERM, nothing saved) and waits until its process is gone. */
  stop(): Promise<void>;
  /** Stops the server if running and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * Starts a private Redis on a free port (`redis-server --save "" --appendonly no --daemonize
 * yes`, its pid file and log in a new temporary folder), for tests that stop Redis (the
 * fault-hardening tests of tests/faults). Stopped and its folder removed by `destroy()`, or when
 * the test process exits.
 * @throws when the server does not answer PING within 30 s.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gavel-redis-'));
  const pidFile = path.join(dir, 'redis.pid');
  const port = await freePort();
  const pid = () => (fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) || undefined : undefined);
  const alive = (p: number | undefined) => {
    if (!p) return false;
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setTimeout(1000, () => socket.destroy());
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        answer += d.toString();
        if (answer.includes('\r\n')) socket.end();
      });
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(answer.startsWith('+PONG')));
    });
  const start = async () => {
    execFileSync('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--dir',
      dir,
      '--pidfile',
      pidFile,
      '--logfile',
      path.join(dir, 'redis.log'),
    ]);
    await until(ping, 'private Redis not answering PING', 30_000);
  };
  const stop = async () => {
    const p = pid();
    if (!alive(p)) return;
    process.kill(p!, 'SIGTERM');
    await until(() => !alive(p), 'private Redis still running', 30_000);
  };
  const cleanUpNow = () => {
    const p = pid();
    if (alive(p)) process.kill(p!, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  live.add(cleanUpNow);
  try {
    await start();
  } catch (err) {
    live.delete(cleanUpNow);
    cleanUpNow();
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    destroy: async () => {
      if (!live.delete(cleanUpNow)) return;
      await stop().catch(() => undefined);
      cleanUpNow();
    },
  };
}
