import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/types.js';
import type { EventBus } from '../realtime/bus.js';
import type { Actor, CommandOutcome, CommittedEvent } from './domain-events.js';
import { deleteOutboxRows, recordEvents } from './event-log.repository.js';

/**
 * A state change: runs in the given transaction as `actor`, applies the rules and returns its
 * result and the events it caused. Commands never publish, schedule or emit: the runner does
 * what follows the commit. Source: docs/architecture.md "Commands, events, audit".
 */
export type Command<I, R> = (trx: Transaction<Database>, actor: Actor, input: I) => Promise<CommandOutcome<R>>;

/**
 * Work that follows the commit of some events in the process that committed them (and in the
 * relay, for events a crash left unpublished): scheduling jobs. Must be idempotent. Errors are
 * logged; the events stay committed.
 */
export type AfterCommit = (events: CommittedEvent[]) => Promise<void>;

/** What the runner is built from. */
export interface CommandRunnerDeps {
  db: Kysely<Database>;
  bus: EventBus;
  logger: Logger;
  /** Reactions run after publishing (job scheduling); set later with {@link CommandRunner.addAfterCommit}. */
  afterCommit?: AfterCommit[];
  /**
   * Test hook: called between the commit and the publish with the committed events. A test uses
   * it to kill the process there and prove the relay publishes what was committed.
   */
  onCommitted?: (events: CommittedEvent[]) => void;
  /** Milliseconds published outbox rows wait to be deleted together (default 25). */
  outboxFlushMs?: number;
  /**
   * Longest a caller waits after its commit for its events to be published (default 250 ms).
   * Normally they are out in well under a millisecond (the bidder's own sockets hear of the bid
   * before the answer); when the bus is slow or away (Redis restarting), the answer goes at once
   * and the events follow in order when it is back, or through the relay.
   */
  publishWaitMs?: number;
}

/**
 * Runs commands: one transaction per command in which its events are recorded (event log and
 * outbox), then, after the commit, publishes them on the bus in order, runs the after-commit
 * reactions, and deletes the outbox row (deletes are batched). A publish that fails leaves the
 * outbox row for the relay (server/events/event-relay.ts): delivery is at least once, and
 * consumers drop a repeated event id.
 */
export class CommandRunner {
  private readonly afterCommit: AfterCommit[];
  private pendingDeletes: number[] = [];
  /** What follows each commit, one after another in commit order (events stay in order on the bus). */
  private afterCommitChain: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: CommandRunnerDeps) {
    this.afterCommit = [...(deps.afterCommit ?? [])];
  }

  /** Adds a reaction run after every commit (job scheduling, wired once the scheduler exists). */
  addAfterCommit(reaction: AfterCommit): void {
    this.afterCommit.push(reaction);
  }

  /**
   * Runs `command` as `actor` in a new transaction, then publishes its events.
   * @returns the command's result once its events are published, or after `publishWaitMs`
   *   while the bus is slow (they follow; the outbox keeps them until then).
   * @throws whatever the command throws (nothing is committed then), or a database error.
   */
  async run<I, R>(command: Command<I, R>, actor: Actor, input: I): Promise<R> {
    const { result, committed, outboxId } = await this.deps.db.transaction().execute(async (trx) => {
      const outcome = await command(trx, actor, input);
      const recorded = outcome.recorded ?? (await recordEvents(trx, actor, outcome.events));
      return { result: outcome.result, ...recorded };
    });
    await this.afterCommitted(committed, outboxId);
    return result;
  }

  /**
   * What follows a commit: publishes the events, runs the reactions, then marks the outbox row
   * for deletion, after what earlier commits of this process have to do (commit order). Waits at
   * most `publishWaitMs` for it; the rest goes on in the background. A failed publish keeps the
   * row (the relay retries); reactions' failures are logged. Never throws.
   */
  async afterCommitted(committed: CommittedEvent[], outboxId: number | null): Promise<void> {
    if (committed.length === 0) return;
    this.deps.onCommitted?.(committed);
    const done = this.afterCommitChain.then(async () => {
      const published = await this.publish(committed);
      await this.react(committed);
      if (published && outboxId != null) this.deleteLater(outboxId);
    });
    this.afterCommitChain = done;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deps.publishWaitMs ?? 250);
    });
    await Promise.race([done, waited]);
    clearTimeout(timer);
  }

  /** Publishes events in order. @returns false when one could not be published (the outbox row stays). */
  async publish(events: CommittedEvent[]): Promise<boolean> {
    try {
      for (const event of events) await this.deps.bus.publish(event);
      return true;
    } catch (err) {
      this.deps.logger.error({ err, events: events.map((e) => e.id) }, 'publishing committed events failed; the relay will retry');
      return false;
    }
  }

  /** Runs every after-commit reaction; failures are logged. */
  async react(events: CommittedEvent[]): Promise<void> {
    for (const reaction of this.afterCommit) {
      await reaction(events).catch((err: unknown) => this.deps.logger.error({ err }, 'after-commit reaction failed'));
    }
  }

  private deleteLater(outboxId: number): void {
    this.pendingDeletes.push(outboxId);
    if (this.pendingDeletes.length >= 200) {
      void this.flush();
      return;
    }
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), this.deps.outboxFlushMs ?? 25);
      this.flushTimer.unref();
    }
  }

  /** Deletes the published outbox rows marked so far. Failures are logged (the relay would republish; consumers drop repeats). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const ids = this.pendingDeletes;
    this.pendingDeletes = [];
    if (ids.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => deleteOutboxRows(this.deps.db, ids))
      .catch((err: unknown) => this.deps.logger.warn({ err, rows: ids.length }, 'deleting published outbox rows failed'));
    return this.flushing;
  }

  /** Waits (at most `ms`, default 5 s) for what follows the commits in hand, then deletes what is pending (shutdown). */
  async close(ms = 5000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.afterCommitChain, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    await this.flush();
  }
}
