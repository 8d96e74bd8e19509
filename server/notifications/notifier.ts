import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import type { CommandRunner } from '../events/command-runner.js';
import { systemActor } from '../events/domain-events.js';
import { deliverDueNotifications, type MailSender } from './notification-delivery.js';
import { produceNotifications } from './notifications.commands.js';
import type { PushSender } from './push-sender.js';
import type { SmsSender } from './sms-sender.js';

/** The actor of every notification the producer stores. */
const NOTIFIER_ACTOR = systemActor('notifier');

/** Rows of bids and of the event log one production step reads. */
const PRODUCE_BATCH = 500;
/** Production steps one run takes at most before delivering (a backlog drains over runs). */
const STEPS_PER_RUN = 20;

/** What a notification run works with. */
export interface NotifierDeps {
  db: Kysely<Database>;
  runner: CommandRunner;
  logger: Logger;
  mail: MailSender;
  /** Where text messages go (default: the outbox). */
  sms?: SmsSender;
  /** Web push. */
  push?: PushSender;
  appUrl: () => string;
  /** Signs unsubscribe links. */
  secret: string;
  /** How old a bid or event must be before it is read (a transaction still committing is not passed over); default 1000 ms. */
  graceMs?: number;
}

/** What one run did. */
export interface NotifierRun {
  created: number;
  sent: number;
  failed: number;
  errors: string[];
}

/**
 * One notification run: produces notifications from the bids and the event log until none wait
 * (see {@link produceNotifications}), then delivers due e-mails. Safe to run in several
 * processes at once. The BullMQ `notifications` queue runs it on a schedule in the workers; the
 * embedded default runs it on a timer ({@link startNotifierLoop}). Source: issue 16.
 */
export async function runNotifications(deps: NotifierDeps): Promise<NotifierRun> {
  let created = 0;
  for (let step = 0; step < STEPS_PER_RUN; step++) {
    const produced = await deps.runner.run(produceNotifications, NOTIFIER_ACTOR, {
      graceMs: deps.graceMs ?? 1000,
      limit: PRODUCE_BATCH,
      // Reminders and digests depend on the clock, not on the rows read: once a run is enough.
      timed: step === 0,
    });
    created += produced.created;
    if (!produced.more) break;
  }
  const delivered = await deliverDueNotifications(deps);
  return { created, ...delivered };
}

/**
 * Runs {@link runNotifications} every `intervalMs` in this process (the embedded default: no
 * Redis, no workers). A run never overlaps the previous one; errors are logged.
 * @returns `close()`, which stops the timer and waits for a run in hand.
 */
export function startNotifierLoop(deps: NotifierDeps, intervalMs: number): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runNotifications(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err }, 'notification run failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    close: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      if (deps.mail.kind === 'smtp') deps.mail.close();
    },
  };
}
