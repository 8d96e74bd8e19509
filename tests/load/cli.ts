import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { openDatabase } from '../../server/db/database.js';
import { checkInvariants } from './invariants.js';
import { provisionLoad } from './provision.js';
import { buildReport, formatReport } from './report.js';
import { runLoad } from './run-load.js';

const int = (min: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`must be a whole number ≥ ${min}`);
  return n;
};

const share = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('must be a number from 0 to 1');
  return n;
};

const program = new Command()
  .name('npm run loadtest --')
  .description('Simulates concurrent bidders and watchers against a running Gavel (PostgreSQL deployment).')
  .option('-t, --target <urls>', 'server URL(s), comma separated (bidders and watchers are spread over them)', 'http://127.0.0.1:3000')
  .option('-d, --database-url <url>', 'PostgreSQL of that deployment (provisioning and invariants)', process.env.DATABASE_URL)
  .option('-b, --bidders <n>', 'concurrent bidders', int(1), 200)
  .option('-w, --watchers <n>', 'Socket.IO watchers', int(0), 0)
  .option('-i, --items <n>', 'items to bid on (1 = one hot item)', int(1), 1)
  .option('-s, --duration <seconds>', 'how long bidders bid', int(1), 10)
  .option('-r, --rate <bids/s>', 'overall bid rate; 0 = as fast as acknowledged', int(0), 0)
  .option('-u, --ramp-up <seconds>', 'bidders start spread over this time', int(0), 0)
  .option('-W, --warmup <seconds>', 'load before measuring (not in the figures; still checked by the invariants)', int(0), 0)
  .option('--step <mwk>', 'amount above the last known minimum per bid', int(1), 10)
  .option('--proxy-share <share>', 'share of bids (0-1) that carry a maximum bid', share, 0)
  .option('-o, --json <file>', 'also write the report as JSON to this file')
  .option('-q, --quiet', 'no progress bar');

program.parse();
const opts = program.opts<{
  target: string;
  databaseUrl?: string;
  bidders: number;
  watchers: number;
  items: number;
  duration: number;
  rate: number;
  rampUp: number;
  warmup: number;
  step: number;
  proxyShare: number;
  json?: string;
  quiet?: boolean;
}>();

async function main(): Promise<number> {
  if (!opts.databaseUrl) {
    console.error(
      "Set --database-url or DATABASE_URL: the tool provisions bidders and checks invariants in the deployment's PostgreSQL (the embedded PGlite cannot be shared).",
    );
    return 2;
  }
  const targets = opts.target
    .split(',')
    .map((t) => t.trim().replace(/\/$/, ''))
    .filter(Boolean);
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, poolSize: 4 });
  try {
    const provisioned = await provisionLoad(database.db, {
      bidders: opts.bidders,
      items: opts.items,
      openForMs: (opts.duration + opts.rampUp + opts.warmup + 600) * 1000,
    });
    console.log(`Provisioned ${provisioned.bidders.length} bidders and ${provisioned.itemIds.length} item(s) (run ${provisioned.runTag}).`);
    const bar = opts.quiet
      ? null
      : new cliProgress.SingleBar(
          { format: ' {bar} {percentage}% | {elapsed}s | accepted {accepted} | rejected {rejected} | errors {errors} | watchers {watchers}', hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
    bar?.start(100, 0, { accepted: 0, rejected: 0, errors: 0, watchers: 0 });
    const loadOptions = {
      targets,
      bidders: opts.bidders,
      watchers: opts.watchers,
      mode: opts.items === 1 ? ('hot' as const) : ('spread' as const),
      durationMs: opts.duration * 1000,
      rate: opts.rate,
      rampUpMs: opts.rampUp * 1000,
      warmupMs: opts.warmup * 1000,
      step: opts.step,
      proxyShare: opts.proxyShare,
      onProgress: (p: { elapsedMs: number; accepted: number; rejected: number; errors: number; watchersConnected: number }) =>
        bar?.update(Math.min(100, Math.round((p.elapsedMs / ((opts.duration + opts.warmup) * 1000)) * 100)), {
          accepted: p.accepted,
          rejected: p.rejected,
          errors: p.errors,
          watchers: p.watchersConnected,
        }),
    };
    const result = await runLoad(provisioned, loadOptions);
    bar?.stop();
    const invariants = await checkInvariants(database.db, provisioned.itemIds, result);
    const report = buildReport(loadOptions, provisioned.itemIds.length, result, invariants);
    console.log(`\n${formatReport(report)}`);
    if (opts.json) fs.writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
    return invariants.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
