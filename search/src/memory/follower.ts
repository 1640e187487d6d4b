import os from 'node:os';
import {
  comparePositions,
  type EventStore,
  type JobContent,
  type Position,
  type RecordedEvent,
} from '@jobs/contracts';
import { indexedJobOf, JOB_EVENT_TYPES } from '../projection';
import { MemoryEngine, type JobWords } from './engine';
import { itemOf, jobIdOf, TokeniserThread, type RangePage, type TokenisedPage } from './tokens';
import type { SnapshotEvent, SnapshotStore } from './snapshot';

export type EmbeddedIndexState = 'loading' | 'catching-up' | 'ready' | 'stopped';

export interface EmbeddedIndexStatus {
  name: string;
  state: EmbeddedIndexState;
  position: Position | null;
  documents: number;
  /** How the index started: from a snapshot (with its position) or by reading every job event. */
  startedFrom: 'snapshot' | 'events' | null;
  /** Milliseconds from start until the index answered searches (null while it does not). */
  readyAfterMs: number | null;
  lastError: string | null;
}

export interface FollowerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface FollowerOptions {
  store: EventStore;
  /** Where snapshots are read at start and written now and then (none: always build from the events). */
  snapshots?: SnapshotStore | null;
  logger?: FollowerLogger;
  /** A snapshot is written at most this often, when the index changed (default 10 minutes). */
  snapshotEveryMs?: number;
  /** Back-off after the event store failed (default 1 s, doubling to MAX_RETRY_MS). */
  retryMs?: number;
  /**
   * From this many job events to catch up, their words are cut in worker threads while this one indexes
   * (tokens.ts; default 20,000: below, starting the workers costs more than it saves). 0 turns it off.
   */
  workerFromEvents?: number;
  /** How many tokeniser threads (default 2, or 1 on a machine with a single core). */
  workers?: number;
}

export const EMBEDDED_INDEX_NAME = 'search-embedded';

/** The longest wait between two tries to follow the events again (one cheap connection attempt). */
const MAX_RETRY_MS = 5_000;

const quiet: FollowerLogger = { info: () => undefined, warn: () => undefined };

/**
 * The embedded index of this process, kept by following the job events: a projection whose read model is this
 * process's memory, so every API process answers alike (each follows the same global order) and a job is findable
 * or gone in each within the event store's notification delay. At start it loads the newest snapshot (checked
 * against the event store: the event it ends at must be the same event) or builds from the first event, then
 * follows live; until it has caught up with the store's head, `ready` is false and callers use the slower path.
 */
export class EmbeddedIndexFollower {
  engine = new MemoryEngine();
  private state: EmbeddedIndexState = 'stopped';
  private position: Position | null = null;
  private target: Position | null = null;
  private readonly store: EventStore;
  private readonly snapshots: SnapshotStore | null;
  private readonly logger: FollowerLogger;
  private readonly snapshotEveryMs: number;
  private readonly retryMs: number;
  private readonly workerFromEvents: number;
  private readonly workers: number;
  /** Job events behind the head when catching up started (whether a worker cuts the words). */
  private pending = 0;
  private subscription: { close(): Promise<void> } | null = null;
  /** Ends the back-off wait after a failure early (set while waiting). */
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private running = false;
  private waiters: { position: Position; resolve: (ok: boolean) => void }[] = [];
  private readyWaiters: (() => void)[] = [];
  private listeners: (() => void)[] = [];
  private notifyScheduled = false;
  private compacting = false;
  private startedAt = 0;
  private readyAfterMs: number | null = null;
  private startedFrom: 'snapshot' | 'events' | null = null;
  private lastError: string | null = null;
  /** Snapshot writing holds event application here (the snapshot must be one consistent state). */
  private gate: Promise<void> | null = null;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private changedSinceSnapshot = false;
  /** The last job event applied: a snapshot names it, so it is only loaded against the same history. */
  private lastEvent: SnapshotEvent | null = null;
  private writing: Promise<void> | null = null;

  constructor(options: FollowerOptions) {
    this.store = options.store;
    this.snapshots = options.snapshots ?? null;
    this.logger = options.logger ?? quiet;
    this.snapshotEveryMs = options.snapshotEveryMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 1000;
    this.workerFromEvents = options.workerFromEvents ?? 20_000;
    this.workers = Math.max(1, options.workers ?? Math.min(2, os.availableParallelism()));
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  status(): EmbeddedIndexStatus {
    return {
      name: EMBEDDED_INDEX_NAME,
      state: this.state,
      position: this.position,
      documents: this.engine.size,
      startedFrom: this.startedFrom,
      readyAfterMs: this.readyAfterMs,
      lastError: this.lastError,
    };
  }

  /** Called (once per burst of changes) after the index changed. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Starts loading and following in the background; `whenReady` tells when it answers searches. */
  start(): void {
    if (this.loop) return;
    this.state = 'loading';
    this.startedAt = performance.now();
    this.running = true;
    this.loop = this.run();
    if (this.snapshots && this.snapshotEveryMs > 0) {
      this.snapshotTimer = setInterval(
        () => void this.snapshot().catch(() => undefined),
        this.snapshotEveryMs,
      );
      this.snapshotTimer.unref();
    }
  }

  whenReady(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** True once every event up to `position` is in the index; false after `timeoutMs`. */
  waitFor(position: Position | null, timeoutMs: number): Promise<boolean> {
    if (!position || (this.position && comparePositions(this.position, position) >= 0))
      return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { position, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          resolve(false);
        }
      }, timeoutMs).unref();
    });
  }

  async stop(options: { snapshot?: boolean } = {}): Promise<void> {
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    this.snapshotTimer = null;
    const loop = this.loop;
    this.loop = null;
    this.running = false;
    this.wake?.();
    const wasReady = this.state === 'ready';
    this.state = 'stopped';
    await this.subscription?.close().catch(() => undefined);
    await loop?.catch(() => undefined);
    for (const w of this.waiters.splice(0)) w.resolve(false);
    await this.writing?.catch(() => undefined);
    if (options.snapshot !== false && wasReady && this.changedSinceSnapshot) await this.writeSnapshot();
  }

  /** Writes a snapshot now if the index changed since the last one (and is ready). */
  async snapshot(): Promise<void> {
    if (!this.snapshots || this.state !== 'ready' || !this.changedSinceSnapshot) return;
    if (this.writing) return this.writing;
    this.writing = this.writeSnapshot().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  private async writeSnapshot(): Promise<void> {
    if (!this.snapshots || !this.position || !this.lastEvent) return;
    let open!: () => void;
    this.gate = new Promise((resolve) => (open = resolve));
    try {
      const started = performance.now();
      const bytes = await this.snapshots.write(this.engine, this.position, this.lastEvent, this.store);
      this.changedSinceSnapshot = false;
      this.logger.info(
        { documents: this.engine.size, bytes, ms: Math.round(performance.now() - started) },
        'search: snapshot written',
      );
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'search: writing the snapshot failed');
    } finally {
      this.gate = null;
      open();
    }
  }

  private async run(): Promise<void> {
    let delay = this.retryMs;
    if (this.snapshots) {
      try {
        const loaded = await this.snapshots.load(this.store);
        if (loaded) {
          this.engine = loaded.engine;
          this.position = loaded.position;
          this.lastEvent = loaded.event;
          this.startedFrom = 'snapshot';
          this.logger.info(
            { documents: this.engine.size, ms: Math.round(performance.now() - this.startedAt) },
            'search: snapshot loaded',
          );
        }
      } catch (err) {
        this.logger.warn(
          { err: (err as Error).message },
          'search: snapshot unusable; building from the events',
        );
      }
    }
    this.startedFrom ??= 'events';
    while (this.running) {
      const before = this.position;
      try {
        await this.follow();
        return;
      } catch (err) {
        if (!this.running) return;
        // It followed for a while before this failure: a new outage starts again from the short back-off.
        if (this.position !== before) delay = this.retryMs;
        this.lastError = (err as Error).message;
        this.logger.warn({ err: this.lastError, retryInMs: delay }, 'search: following the events failed');
        // stop() cuts the wait short: a stopping server must not sit out the back-off.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      }
    }
  }

  private async follow(): Promise<void> {
    if (this.state !== 'ready') {
      this.target = await this.store.headPosition();
      this.state = 'catching-up';
      const pending = await this.store.countAfter(this.position, 10_000_000);
      this.pending = pending;
      this.engine.reserve(Math.min(pending, 2_000_000));
      if (!this.target || (this.position && comparePositions(this.position, this.target) >= 0))
        this.becomeReady();
    }
    await this.catchUp();
    if (!this.running) return;
    const subscription = this.store.subscribeToAll({
      after: this.position,
      eventTypes: JOB_EVENT_TYPES,
      onCheckpoint: (position) => this.advance(position),
    });
    this.subscription = subscription;
    for await (const event of subscription) {
      if (this.gate) await this.gate;
      this.apply(event);
      this.advance(event.position);
    }
  }

  /**
   * Reads the job events up to the head in pages, the next pages in flight while this one is applied (the database
   * and this process work at once), applying a few hundred events per turn of the event loop so the process
   * keeps answering requests (from the slower index) meanwhile. Far behind (a start without a snapshot), worker
   * threads cut the pages' words while this thread indexes the pages before (tokens.ts).
   */
  private async catchUp(): Promise<void> {
    const page = 1000;
    const started = performance.now();
    const threads: TokeniserThread[] = [];
    if (this.workerFromEvents > 0 && this.pending >= this.workerFromEvents)
      for (let i = 0; i < this.workers; i++) {
        const thread = TokeniserThread.start();
        if (thread) threads.push(thread);
      }
    let workerFailed = false;
    let inWorker = 0;
    /** Of those, the events the threads read from the store themselves. */
    let readInWorker = 0;
    let workerMs = 0;
    let waitedMs = 0;
    const cut = (worker: TokeniserThread | null, events: RecordedEvent[]): Promise<TokenisedPage | null> => {
      if (!worker || !events.length) return Promise.resolve(null);
      // A worker that fails leaves the words to this thread: the same index, only slower.
      return worker.tokenise(events.map(itemOf)).then(
        (words) => {
          inWorker += events.length;
          workerMs += words.ms;
          return words;
        },
        (err: Error) => {
          if (!workerFailed)
            this.logger.warn({ err: err.message }, 'search: the tokeniser thread failed; cutting words here');
          workerFailed = true;
          return null;
        },
      );
    };
    try {
      // The store read by the threads themselves, when it can be (the PostgreSQL store): pages are ranges of
      // positions up to the head seen at start, so each thread reads its next page without waiting for the page
      // before, and this thread neither parses the events nor copies them to the threads.
      const source = threads.length ? (this.store.rangeSource?.() ?? null) : null;
      if (source && this.target) {
        for (const t of threads) t.useSource(source);
        await this.catchUpByRanges(threads, this.target.commit, page, (ms, cut) => {
          waitedMs += ms;
          if (cut) {
            inWorker += cut.events;
            readInWorker += cut.events;
            workerMs += cut.ms;
          }
        });
        if (!this.running) return;
      }
      await this.catchUpByPages(threads, page, cut, (ms) => (waitedMs += ms));
    } finally {
      await Promise.all(threads.map((t) => t.close()));
      if (threads.length)
        this.logger.info(
          {
            events: inWorker,
            readInThreads: readInWorker,
            threads: threads.length,
            ms: Math.round(performance.now() - started),
            // Which half was the slower: the thread's time cutting, this thread's time waiting for pages.
            workerMs: Math.round(workerMs),
            waitedMs: Math.round(waitedMs),
          },
          'search: job events cut into words in worker threads',
        );
    }
  }

  /**
   * Reads the job events after this position in pages, the next pages in flight while this one is applied, each
   * sent on to a worker as it arrives (the workers in turn): reading, cutting and indexing overlap. Each worker
   * numbers its own terms: a page's words are resolved through its worker's table.
   */
  private async catchUpByPages(
    threads: TokeniserThread[],
    page: number,
    cut: (worker: TokeniserThread | null, events: RecordedEvent[]) => Promise<TokenisedPage | null>,
    waited: (ms: number) => void,
  ): Promise<void> {
    const ahead = threads.length ? 2 + 2 * threads.length : 1;
    type Page = {
      events: Promise<RecordedEvent[]>;
      words: Promise<TokenisedPage | null>;
      worker: TokeniserThread | null;
    };
    let sent = 0;
    const pages: Page[] = [];
    let lastRead: Promise<RecordedEvent[]> | null = null;
    const readNext = () => {
      const events: Promise<RecordedEvent[]> = lastRead
        ? lastRead.then((before) =>
            before.length === page
              ? this.store.readAll({
                  after: before[before.length - 1]!.position,
                  maxCount: page,
                  eventTypes: JOB_EVENT_TYPES,
                })
              : [],
          )
        : this.store.readAll({ after: this.position, maxCount: page, eventTypes: JOB_EVENT_TYPES });
      lastRead = events;
      const worker = threads.length ? threads[sent++ % threads.length]! : null;
      const words = events.then((list) => cut(worker, list));
      // Awaited in turn below: a read that fails (a pool timeout under load) while pages before it are applied must
      // not be an unhandled rejection, which ends the process; the await below still throws it.
      events.catch(() => undefined);
      words.catch(() => undefined);
      pages.push({ events, words, worker });
    };
    while (this.running) {
      while (pages.length < ahead) readNext();
      const waitFrom = performance.now();
      const current = pages.shift()!;
      const events = await current.events;
      const words = await current.words;
      const worker = current.worker;
      waited(performance.now() - waitFrom);
      if (!events.length) return;
      for (let i = 0; i < events.length; i++) {
        if (this.gate) await this.gate;
        const event = events[i]!;
        this.apply(event, words && worker ? { resolver: worker.resolver, words, at: i } : undefined);
        this.advance(event.position);
        if ((i & 255) === 255) await new Promise((r) => setImmediate(r));
      }
      if (events.length < page) return;
    }
  }

  /**
   * Catching up to `head` (a commit position) with the threads reading the store themselves: ranges of `page`
   * positions (at most `page` events each), given to the threads in turn, a few in flight per thread, applied in
   * order. A range a thread could not read or cut is read and applied here.
   */
  private async catchUpByRanges(
    threads: TokeniserThread[],
    head: number,
    page: number,
    report: (waitedMs: number, cut: { events: number; ms: number } | null) => void,
  ): Promise<void> {
    const ahead = 3 * threads.length;
    type Range = { after: number; upTo: number; worker: TokeniserThread; words: Promise<RangePage | null> };
    const ranges: Range[] = [];
    let next = this.position?.commit ?? 0;
    let sent = 0;
    let failed = false;
    const send = () => {
      const after = next;
      const upTo = Math.min(head, after + page);
      next = upTo;
      const worker = threads[sent++ % threads.length]!;
      const words = worker.range(after, upTo, JOB_EVENT_TYPES).then(
        (p) => p,
        (err: Error) => {
          // A stop closes the threads with their pages unanswered: nothing to report then.
          if (!failed && this.running)
            this.logger.warn(
              { err: err.message, after, upTo },
              'search: a tokeniser thread could not read its page; reading here',
            );
          failed = true;
          return null;
        },
      );
      ranges.push({ after, upTo, worker, words });
    };
    while (this.running) {
      while (ranges.length < ahead && next < head) send();
      const current = ranges.shift();
      if (!current) return;
      const waitFrom = performance.now();
      const words = await current.words;
      if (!words) {
        report(performance.now() - waitFrom, null);
        const events = (
          await this.store.readAll({
            after: { commit: current.after, prepare: current.after },
            maxCount: current.upTo - current.after,
            eventTypes: JOB_EVENT_TYPES,
          })
        ).filter((e) => e.position.commit <= current.upTo);
        for (let i = 0; i < events.length; i++) {
          if (this.gate) await this.gate;
          this.apply(events[i]!);
          if ((i & 255) === 255) await new Promise((r) => setImmediate(r));
        }
      } else {
        report(performance.now() - waitFrom, { events: words.types.length, ms: words.ms });
        const resolver = current.worker.resolver;
        for (let i = 0; i < words.types.length; i++) {
          if (this.gate) await this.gate;
          this.applyJob(words.types[i]!, words.jobIds[i]!, { resolver, words, at: i });
          if ((i & 255) === 255) await new Promise((r) => setImmediate(r));
        }
        if (words.last) this.changed(words.last);
      }
      this.advance({ commit: current.upTo, prepare: current.upTo });
    }
  }

  /** Applies one job event; `cut`, when given, holds its words cut by the tokeniser thread. */
  private apply(
    event: RecordedEvent,
    cut?: { resolver: JobWords['resolver']; words: TokenisedPage; at: number },
  ): void {
    const item = itemOf(event);
    if (!this.applyJob(event.type, item ? item.jobId : jobIdOf(event), cut, item?.job)) return;
    this.changed(event);
  }

  /**
   * Applies a job's event to the index: its content (cut by a thread when `cut` is given, else `job`) or its
   * removal. False for an event that is not a job's.
   */
  private applyJob(
    type: string,
    jobId: string,
    cut?: { resolver: JobWords['resolver']; words: TokenisedPage; at: number },
    job?: JobContent,
  ): boolean {
    const engine = this.engine;
    switch (type) {
      case 'JobPosted':
      case 'JobReposted':
      case 'JobUpdated':
      case 'JobCorrected': {
        // Only a live job is updated (a removed one comes back with JobReposted).
        const update = type === 'JobUpdated' || type === 'JobCorrected';
        if (update && !engine.has(jobId)) return true;
        const indexed = cut?.words.jobs[cut.at];
        if (cut && indexed)
          engine.upsert(indexed, {
            resolver: cut.resolver,
            ids: cut.words.ids,
            ends: cut.words.ends,
            at: cut.at,
          });
        else if (job) engine.upsert(indexedJobOf(jobId, job, { cache: false }));
        return true;
      }
      case 'JobRemoved':
        engine.remove(jobId);
        return true;
      default:
        return false;
    }
  }

  /** After a job event was applied: the snapshot names it, and listeners hear of the change. */
  private changed(event: SnapshotEvent): void {
    this.lastEvent = {
      streamId: event.streamId,
      revision: event.revision,
      id: event.id,
      position: event.position,
    };
    this.changedSinceSnapshot = true;
    this.scheduleNotify();
  }

  private advance(position: Position): void {
    if (this.position && comparePositions(position, this.position) <= 0) return;
    this.position = position;
    if (this.waiters.length) {
      const still: typeof this.waiters = [];
      for (const w of this.waiters) {
        if (comparePositions(position, w.position) >= 0) w.resolve(true);
        else still.push(w);
      }
      this.waiters = still;
    }
    if (this.state === 'catching-up' && (!this.target || comparePositions(position, this.target) >= 0))
      this.becomeReady();
  }

  private becomeReady(): void {
    // Build what the first queries would otherwise build: the sort orders and the short prefixes people type first.
    for (const name of ['dateDesc', 'dateAsc', 'titleAsc', 'titleDesc', 'companyAsc', 'companyDesc'] as const)
      this.engine.orders.get(name);
    this.engine.warmPrefixes();
    warmUp(this.engine);
    this.state = 'ready';
    this.readyAfterMs = Math.round(performance.now() - this.startedAt);
    this.logger.info(
      { documents: this.engine.size, ms: this.readyAfterMs, from: this.startedFrom },
      'search: embedded index ready',
    );
    for (const r of this.readyWaiters.splice(0)) r();
    for (const l of this.listeners) l();
  }

  private scheduleNotify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      if (this.state === 'ready') for (const l of this.listeners) l();
      this.compactInBackground();
    });
  }

  /** Sweeps removed slots a few milliseconds at a time, between other work. */
  private compactInBackground(): void {
    if (this.compacting || !this.engine.needsCompaction()) return;
    this.compacting = true;
    const step = () => {
      if (this.state === 'stopped' || this.engine.compact(5)) {
        this.compacting = false;
        return;
      }
      setImmediate(step);
    };
    setImmediate(step);
  }
}

/**
 * A few hundred queries of every shape (prefixes, typos, unmatched words, filters, each sort order, later pages,
 * suggestions) before the engine is declared ready, so the first people to type do not meet unoptimised code: V8
 * compiles a function for speed only after it has run a while, and the first keystrokes through a cold engine took
 * several times their later cost. About 20-60 ms at 100,000 jobs.
 */
function warmUp(engine: MemoryEngine): void {
  const words = [
    'e',
    'en',
    'eng',
    'engineer',
    'enginer',
    'react dev',
    'product man',
    'zzqx',
    'data sci',
    'sales',
  ];
  const sorts = [
    ['datePosted', 'desc'],
    ['datePosted', 'asc'],
    ['title', 'asc'],
    ['company', 'desc'],
    ['relevance', 'desc'],
  ] as const;
  for (let round = 0; round < 3; round++) {
    for (const text of words) {
      for (const [sortBy, sortOrder] of sorts) {
        engine.search({ text, sortBy, sortOrder, page: 1 + round, pageSize: 20 });
        engine.search({
          text,
          isRemote: true,
          experienceLevel: 'Senior',
          sortBy,
          sortOrder,
          page: 1,
          pageSize: 20,
        });
      }
      engine.search({
        location: { kind: 'continent', continent: 'Europe', remoteOnly: false },
        salaryUsd: { min: 80_000, max: 120_000 },
        sortBy: 'datePosted',
        sortOrder: 'desc',
        page: 2,
        pageSize: 20,
      });
      engine.suggest(text, 8);
    }
  }
}
