import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  EventRangeSource,
  JobContent,
  JobPosted,
  JobRemoved,
  JobReposted,
  JobUpdated,
  Position,
  RangeEvent,
} from '@jobs/contracts';
import { scanSearchWords } from '../text';
import { textFields, type IndexedJob, type TermResolver } from './engine';

/**
 * Cutting jobs into words for the embedded index in a worker thread, while the main thread adds the words of the
 * page before to the index: a build from every job event spends about three fifths of its time making each job's
 * indexed fields (the description's plain text) and its words and looking each word up in the dictionary, work
 * that needs nothing of the index. The worker numbers the terms it meets (its own dictionary, first seen first);
 * the engine resolves each number to its entry once (engine.ts `indexWords`), in the order the words come, so the
 * index built is the same as one built by `upsert` alone (tokens.test.ts compares them).
 */

/** A job event's content to cut, or null for an event without one (a removal). */
export type TokeniseItem = { jobId: string; job: JobContent } | null;

export interface TokenisedPage {
  /** Each item's indexed fields (`descriptionText` left empty: its words are in `ids`), null for a null item. */
  jobs: (IndexedJob | null)[];
  /** Term ids, item after item, field after field (engine.ts `JobWords`). */
  ids: Int32Array;
  /** Four ends per item (title, company and skills, location, description). */
  ends: Int32Array;
  /** The terms numbered first in this page, in id order (ids continue from the pages before). */
  newTerms: string[];
  /** Milliseconds the tokeniser spent on this page. */
  ms: number;
}

/** What the tokeniser thread cuts of a job event: its content, or nothing (a removal). */
export function itemOf(event: RangeEvent): TokeniseItem {
  switch (event.type) {
    case 'JobPosted':
    case 'JobReposted':
    case 'JobUpdated':
    case 'JobCorrected': {
      const d = event.data as JobPosted | JobReposted | JobUpdated;
      return { jobId: d.jobId, job: d.job };
    }
    default:
      return null;
  }
}

/** The job an event is about (a content event's or a removal's), '' for another event. */
export function jobIdOf(event: RangeEvent): string {
  const d = event.data as Partial<JobRemoved> | null;
  return typeof d?.jobId === 'string' ? d.jobId : '';
}

/** An event as a snapshot names it (snapshot.ts `SnapshotEvent`). */
export interface RangeEventRef {
  streamId: string;
  revision: number;
  id: string;
  position: Position;
}

/**
 * A page the thread read from the event store itself (`EventStore.rangeSource`): its events' types and job ids in
 * order beside their cut words (`jobs[i]` null for a removal), and the last event, which a snapshot names.
 */
export interface RangePage extends TokenisedPage {
  types: string[];
  jobIds: string[];
  last: RangeEventRef | null;
}

/** What the main thread sends the tokeniser thread. */
export type TokeniserMessage =
  | { kind: 'items'; items: TokeniseItem[] }
  | { kind: 'source'; source: EventRangeSource }
  | { kind: 'range'; after: number; upTo: number; eventTypes: readonly string[] };

/** What the thread answers, in the order asked: a page, or why a range could not be read. */
export type TokeniserReply = TokenisedPage | RangePage | { error: string };

/** Cuts a page of events read by the thread (`RangePage`). */
export function rangePage<J>(tokeniser: Tokeniser<J>, events: readonly RangeEvent[]): RangePage {
  const items = events.map(itemOf) as ({ jobId: string; job: J } | null)[];
  const page = tokeniser.page(items);
  const lastEvent = events[events.length - 1];
  return {
    ...page,
    types: events.map((e) => e.type),
    jobIds: events.map(jobIdOf),
    last: lastEvent
      ? {
          streamId: lastEvent.streamId,
          revision: lastEvent.revision,
          id: lastEvent.id,
          position: lastEvent.position,
        }
      : null,
  };
}

/**
 * The worker's half: numbers terms and cuts pages. `indexedJobOf` is passed in (the search projection's). Words
 * are looked up as they are scanned, in a hash table of its own, so a word already numbered (nearly every word of
 * a description) costs no string.
 */
export class Tokeniser<J = JobContent> {
  private readonly terms: string[] = [];
  private hashes = new Int32Array(1 << 16);
  /** Open addressing: term id + 1 per slot, 0 for none; at most half full. */
  private table = new Int32Array(1 << 17);
  private seen = new Int32Array(1 << 16);
  private stamp = 0;
  private newTerms: string[] = [];

  constructor(private readonly indexedJobOf: (jobId: string, job: J) => IndexedJob) {}

  page(items: readonly ({ jobId: string; job: J } | null)[]): TokenisedPage {
    const started = performance.now();
    this.newTerms = [];
    const jobs: (IndexedJob | null)[] = [];
    const ends = new Int32Array(items.length * 4);
    let out = new Int32Array(items.length * 256 + 1024);
    let n = 0;
    let unique = false;
    const push = (id: number) => {
      if (unique) {
        if (this.seen[id] === this.stamp) return;
        this.seen[id] = this.stamp;
      }
      if (n === out.length) {
        const bigger = new Int32Array(out.length * 2);
        bigger.set(out);
        out = bigger;
      }
      out[n++] = id;
    };
    const run = (text: string, start: number, end: number, suffix: '' | 'pp' | 'sharp') =>
      push(this.idOf(text, start, end, suffix));
    const word = (w: string) => push(this.idOf(w, 0, w.length, ''));
    for (let k = 0; k < items.length; k++) {
      const item = items[k];
      if (!item) {
        ends.fill(n, 4 * k, 4 * k + 4);
        jobs.push(null);
        continue;
      }
      const job = this.indexedJobOf(item.jobId, item.job);
      const fields = textFields(job);
      unique = false;
      for (let f = 0; f < 3; f++) {
        scanSearchWords(fields[f]!, run, word);
        ends[4 * k + f] = n;
      }
      // The description's words once each, first occurrence first (the engine counts a term once per job).
      unique = true;
      this.stamp++;
      scanSearchWords(fields[3], run, word);
      ends[4 * k + 3] = n;
      jobs.push({ ...job, descriptionText: '' });
    }
    const ms = performance.now() - started;
    return { jobs, ids: out.slice(0, n), ends, newTerms: this.newTerms, ms };
  }

  /** The id of the word `text[start, end) + suffix`, numbered when new. */
  private idOf(text: string, start: number, end: number, suffix: string): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    for (let i = 0; i < suffix.length; i++) h = Math.imul(h ^ suffix.charCodeAt(i), 0x01000193);
    const length = end - start + suffix.length;
    const mask = this.table.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const found = this.table[slot]! - 1;
      if (found < 0) break;
      if (this.hashes[found] !== h) continue;
      const term = this.terms[found]!;
      if (term.length !== length) continue;
      let same = true;
      for (let i = start; i < end && same; i++) same = term.charCodeAt(i - start) === text.charCodeAt(i);
      for (let i = 0; i < suffix.length && same; i++)
        same = term.charCodeAt(end - start + i) === suffix.charCodeAt(i);
      if (same) return found;
    }
    const id = this.terms.length;
    const term = suffix ? text.slice(start, end) + suffix : text.slice(start, end);
    this.terms.push(term);
    this.newTerms.push(term);
    if (id >= this.hashes.length) {
      this.hashes = grow(this.hashes);
      this.seen = grow(this.seen);
    }
    this.hashes[id] = h;
    if ((id + 1) * 2 > this.table.length) this.rehash();
    else this.place(id, h);
    return id;
  }

  private place(id: number, h: number): void {
    const mask = this.table.length - 1;
    let slot = h & mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & mask;
    this.table[slot] = id + 1;
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2);
    for (let id = 0; id < this.terms.length; id++) this.place(id, this.hashes[id]!);
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(a.length * 2);
  bigger.set(a);
  return bigger;
}

/** The main thread's half: a worker running a `Tokeniser`, its pages answered in the order asked. */
export class TokeniserThread {
  readonly resolver: TermResolver = { terms: [], entries: [] };
  private readonly waiting: { resolve: (page: TokenisedPage) => void; reject: (err: Error) => void }[] = [];
  private failed: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: TokeniserReply) => {
      const waiter = this.waiting.shift();
      if (!this.waiting.length) worker.unref();
      if ('error' in reply) {
        waiter?.reject(new Error(reply.error));
        return;
      }
      // Pages come back in the order they were sent: their new terms extend the numbering in that order.
      for (const term of reply.newTerms) this.resolver.terms.push(term);
      waiter?.resolve(reply);
    });
    const fail = (err: Error) => {
      this.failed ??= err;
      for (const w of this.waiting.splice(0)) w.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the tokeniser thread exited (${code})`)));
    worker.unref();
  }

  /**
   * Starts the worker (its modules loaded through tsx, as this process's are). Null when a worker cannot be made
   * here; the caller then cuts the words itself.
   */
  static start(): TokeniserThread | null {
    try {
      const tsx = tsxApiUrl();
      const entry = new URL('./tokens-worker.ts', import.meta.url).href;
      const code =
        `import(${JSON.stringify(tsx)}).then((m) => { (m.register ?? m.default.register)(); ` +
        `return import(${JSON.stringify(entry)}); })`;
      return new TokeniserThread(new Worker(code, { eval: true, execArgv: [] }));
    } catch {
      return null;
    }
  }

  tokenise(items: readonly TokeniseItem[]): Promise<TokenisedPage> {
    return this.ask({ kind: 'items', items: items as TokeniseItem[] });
  }

  /** Lets the thread read the event store itself (a failure to connect shows on the first `range`). */
  useSource(source: EventRangeSource): void {
    if (!this.failed) this.worker.postMessage({ kind: 'source', source } satisfies TokeniserMessage);
  }

  /** The thread reads the job events in (after, upTo] from the store given to `useSource` and cuts them. */
  range(after: number, upTo: number, eventTypes: readonly string[]): Promise<RangePage> {
    return this.ask({ kind: 'range', after, upTo, eventTypes }) as Promise<RangePage>;
  }

  private ask(message: TokeniserMessage): Promise<TokenisedPage> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      // A thread with pages to answer keeps the process alive (nothing else may, when the thread reads the store).
      if (!this.waiting.length) this.worker.ref();
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('the tokeniser thread was closed');
    await this.worker.terminate();
  }
}

/** tsx's ESM API (its `register` loads TypeScript modules in the worker as `node --import tsx` does here). */
function tsxApiUrl(): string {
  // The `require` condition names the CommonJS build; the ESM build sits beside it.
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const esm = path.join(path.dirname(cjs), 'index.mjs');
  return pathToFileURL(fs.existsSync(esm) ? esm : cjs).href;
}
