import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AllSubscription, EventStore, JobContent, Position, RecordedEvent } from '@jobs/contracts';
import { jobContent } from '@jobs/projections/jobs/testing';
import { indexedJobOf } from '../projection';
import { searchWords } from '../text';
import { MemoryEngine } from './engine';
import { EmbeddedIndexFollower } from './follower';
import { indexBytes } from './testing';
import { Tokeniser } from './tokens';

/** An engine's snapshot sections and header (its time left out): two engines with the same hold the same index. */
const WORDS = [
  'engineer',
  'Engineer',
  'senior',
  'react',
  'C++',
  'C#',
  'node.js',
  'Zürich',
  'São',
  'Paulo',
  'straße',
  'İstanbul',
  'naïve',
  '東京',
  'data',
  'x86',
  '2024',
  'ﬁnance',
  'café',
  'résumé',
];
const wordsArb = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 12 }).map((w) => w.join(' '));
const htmlArb = fc
  .array(
    fc.tuple(
      fc.constantFrom('<p>', '<li>', '<h2>', '<div class="x">', '<br>', '', ' &amp; ', '&nbsp;', '&#233;'),
      wordsArb,
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.map(([tag, text]) => `${tag}${text}`).join(''));
const contentArb: fc.Arbitrary<JobContent> = fc
  .record({
    title: wordsArb.filter((t) => t.length > 0),
    company: fc.constantFrom('Acme', 'Globex GmbH', 'Société Générale', 'C++ Shop'),
    location: fc.constantFrom('Berlin, Germany', 'Remote', 'São Paulo, Brazil', 'Anywhere'),
    skills: fc.array(fc.constantFrom('TypeScript', 'C++', 'Go', 'Rust', 'node.js'), { maxLength: 4 }),
    description: htmlArb,
  })
  .map((o) => jobContent(o));

/** Events of a job's life: posted, updated (live or not), removed, reposted. */
const opArb = fc.tuple(
  fc.integer({ min: 0, max: 5 }),
  fc.constantFrom('post', 'update', 'remove'),
  contentArb,
);

describe('words cut by the tokeniser', () => {
  it('build the same index as upsert alone, updates, removals and unknown words included', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (ops, pageSize) => {
          const direct = new MemoryEngine();
          const cut = new MemoryEngine();
          const tokeniser = new Tokeniser((jobId, job: JobContent) =>
            indexedJobOf(jobId, job, { cache: false }),
          );
          const resolver = { terms: [] as string[], entries: [] };
          for (let from = 0; from < ops.length; from += pageSize) {
            const page = ops.slice(from, from + pageSize);
            const items = page.map(([n, op, job]) => (op === 'remove' ? null : { jobId: `job-${n}`, job }));
            const words = tokeniser.page(items);
            resolver.terms.push(...words.newTerms);
            page.forEach(([n, op, job], at) => {
              const id = `job-${n}`;
              if (op === 'remove') {
                direct.remove(id);
                cut.remove(id);
                return;
              }
              if (op === 'update' && !direct.has(id)) return;
              direct.upsert(indexedJobOf(id, job, { cache: false }));
              cut.upsert(words.jobs[at]!, { resolver, ids: words.ids, ends: words.ends, at });
            });
          }
          expect(indexBytes(cut).equals(indexBytes(direct))).toBe(true);
          expect(cut.size).toBe(direct.size);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the tokeniser's own term table", () => {
  it('numbers over 100,000 distinct words (growing its table) and gives each word back as searchWords cut it', () => {
    const tokeniser = new Tokeniser((jobId, job: JobContent) => indexedJobOf(jobId, job, { cache: false }));
    const terms: string[] = [];
    for (let round = 0; round < 3; round++) {
      const items = Array.from({ length: 300 }, (_, k) => {
        // Words of this round and, every third, of the round before; a few the Unicode way and spelled-out ones.
        const words = Array.from({ length: 250 }, (_, i) =>
          i % 3 === 0 ? `w${round - 1}x${k}x${i}` : i % 50 === 1 ? `é${i} C++ c#` : `w${round}x${k}x${i}`,
        );
        return {
          jobId: `j${k}`,
          job: jobContent({ title: `T${k} c#`, description: `<p>${words.join(' ')}</p>` }),
        };
      });
      const page = tokeniser.page(items);
      terms.push(...page.newTerms);
      items.forEach((item, k) => {
        const job = indexedJobOf(item.jobId, item.job, { cache: false });
        const from = k === 0 ? 0 : page.ends[4 * k - 1]!;
        const title = [...page.ids.subarray(from, page.ends[4 * k]!)].map((id) => terms[id]);
        expect(title).toEqual(searchWords(job.title));
        const description = [...page.ids.subarray(page.ends[4 * k + 2]!, page.ends[4 * k + 3]!)].map(
          (id) => terms[id],
        );
        expect(description).toEqual([...new Set(searchWords(job.descriptionText))]);
      });
    }
    expect(terms.length).toBeGreaterThan(65_536);
    expect(new Set(terms).size).toBe(terms.length);
  });
});

/** An event store over an array: what the follower reads (no appends). */
function arrayStore(events: RecordedEvent[]): EventStore {
  const after = (p: Position | null | undefined) =>
    p ? events.filter((e) => e.position.commit > p.commit) : events;
  return {
    readAll: async (o = {}) =>
      after(o.after)
        .filter((e) => !o.eventTypes || (o.eventTypes as readonly string[]).includes(e.type))
        .slice(0, o.maxCount ?? events.length),
    headPosition: async () => events.at(-1)?.position ?? null,
    countAfter: async (p) => after(p).length,
    subscribeToAll: (): AllSubscription => {
      let close!: () => void;
      const closed = new Promise<void>((r) => (close = r));
      return {
        close: async () => close(),
        // Nothing is appended here: the subscription ends when it is closed.
        [Symbol.asyncIterator]: () => ({
          next: async (): Promise<IteratorResult<RecordedEvent>> => {
            await closed;
            return { done: true, value: undefined };
          },
        }),
      } as AllSubscription;
    },
  } as Partial<EventStore> as EventStore;
}

function jobEvents(n: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const rnd = fc.sample(contentArb, { numRuns: n, seed: 42 });
  const push = (type: string, data: unknown) => {
    const commit = events.length + 1;
    events.push({
      id: `e${commit}`,
      type,
      data,
      metadata: {},
      streamId: 'job',
      revision: commit,
      position: { commit, prepare: commit },
      recordedAt: '2026-01-01T00:00:00.000Z',
    } as RecordedEvent);
  };
  rnd.forEach((job, i) => {
    const jobId = `00000000-0000-4000-8000-${String(i % Math.ceil(n * 0.8)).padStart(12, '0')}`;
    push(i % 7 === 3 ? 'JobUpdated' : 'JobPosted', { jobId, job });
    if (i % 11 === 5) push('JobRemoved', { jobId });
  });
  return events;
}

describe('the follower with a tokeniser thread', () => {
  it('builds from the events the same index as without the thread', async () => {
    const events = jobEvents(4_500);
    const logs: { msg: string; obj: object }[] = [];
    const logger = {
      info: (obj: object, msg: string) => logs.push({ obj, msg }),
      warn: (obj: object, msg: string) => logs.push({ obj, msg }),
    };
    const build = async (workerFromEvents: number, workers?: number) => {
      const follower = new EmbeddedIndexFollower({
        store: arrayStore(events),
        workerFromEvents,
        workers,
        logger,
      });
      follower.start();
      await follower.whenReady();
      const engine = follower.engine;
      await follower.stop({ snapshot: false });
      return engine;
    };
    const alone = await build(0);
    const threaded = await build(1, 1);
    const three = await build(1, 3);
    expect(alone.size).toBeGreaterThan(1_500);
    // The second build cut every job event's words in the thread (none fell back to this one).
    expect(logs.filter((l) => l.msg.includes('tokeniser'))).toEqual([]);
    const done = logs.filter((l) => l.msg.includes('worker threads')).map((l) => l.obj);
    expect(done).toMatchObject([
      { events: events.length, readInThreads: 0, threads: 1 },
      { events: events.length, readInThreads: 0, threads: 3 },
    ]);
    expect(indexBytes(threaded).equals(indexBytes(alone))).toBe(true);
    expect(indexBytes(three).equals(indexBytes(alone))).toBe(true);
  }, 60_000);
});
