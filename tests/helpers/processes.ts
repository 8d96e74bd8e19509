import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Test processes bid and check out far faster than people do: the per-bidder and per-address limits are off unless a test sets them. */
const LOAD_FRIENDLY_LIMITS = {
  BID_RATE_PER_SECOND: '0',
  CHECKOUT_RATE_LIMIT: '100000',
  OPEN_ORDERS_PER_BUYER: '100000',
  OPEN_ORDERS_PER_ADDRESS: '100000',
  FORM_RATE_LIMIT_PER_HOUR: '100000',
};

/** A Gavel process (server or workers) started by a test. */
export interface ChildGavel {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM) and waits for the exit; answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `node --import tsx <script>` (what `npx tsx <script>` runs, as ONE process, so a
 * SIGKILL really kills it, and without npx's start-up) in the project root with `env` added, and resolves once its output matches `ready` (rejects if it exits or
 * `timeoutMs` passes first, with its output in the message).
 */
export async function startGavelProcess(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<ChildGavel & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: rootDir,
    env: { ...process.env, ...LOAD_FRIENDLY_LIMITS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready after ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${out}`));
    });
  });
  return {
    child,
    match,
    output: () => out,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The environment of a Gavel process a test starts: test mode on 127.0.0.1 with a free port, no
 * seed, a fixed CSRF secret shared by every process of the test, info logs (the ready lines are
 * logged at info); `over` adds or replaces (DATABASE_URL, REDIS_URL, BUS_CHANNEL, DATA_DIR …).
 */
export function testProcessEnv(over: Record<string, string>): Record<string, string> {
  return { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', CSRF_SECRET: 'x'.repeat(32), SEED: 'never', LOG_LEVEL: 'info', ...over };
}

/** Starts `server/main.ts` with `env` and resolves once it listens, with its URL. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildGavel & { match: RegExpMatchArray; url: string }> {
  const p = await startGavelProcess('server/main.ts', env, /Gavel is running at http:\/\/localhost:(\d+)/, timeoutMs);
  return { ...p, url: `http://127.0.0.1:${p.match[1]}` };
}
