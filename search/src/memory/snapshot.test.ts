import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@jobs/contracts';
import { MemoryEngine, type IndexedJob } from './engine';
import { decodeSnapshot, encodeSnapshot, fileSnapshots, type SnapshotEvent } from './snapshot';
import { initialArb, opsArb, replay } from './testing';

const event: SnapshotEvent = {
  streamId: 'job-1',
  revision: 0,
  id: '11111111-1111-4111-8111-111111111111',
  position: { commit: 42, prepare: 42 },
};

/** The bytes a snapshot file would hold. */
function roundTrip(engine: MemoryEngine): MemoryEngine {
  const { header, sections, size } = encodeSnapshot(engine, event.position, event);
  const file = new Uint8Array(size);
  file.set(header, 0);
  let at = header.byteLength;
  for (const s of sections) {
    file.set(s.bytes, at);
    at = (at + s.bytes.byteLength + 7) & ~7;
  }
  return decodeSnapshot(file).engine;
}

describe('embedded index snapshots', () => {
  it('restore an index that answers like the original, and keeps answering right as it changes', () => {
    fc.assert(
      fc.property(initialArb, opsArb, opsArb, (initial, before, after) => {
        const engine = new MemoryEngine();
        const model = new Map<string, IndexedJob>();
        for (const job of initial) {
          engine.upsert(job);
          model.set(job.id, job);
        }
        replay(engine, model, before);
        const restored = roundTrip(engine);
        expect(restored.size).toBe(engine.size);
        expect(restored.stats()).toEqual(engine.stats());
        // Changes after the restore: upserts into loaded postings, removals, compactions, every query checked.
        replay(restored, model, after);
      }),
      { seed: 99, numRuns: 60 },
    );
  }, 120_000);

  it('are used only against the event history they were taken from', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-snap-'));
    try {
      const snapshots = fileSnapshots(dir);
      const engine = new MemoryEngine();
      engine.upsert({
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Data Engineer',
        company: 'Acme',
        location: 'Remote',
        country: null,
        continent: null,
        isRemote: true,
        isHybrid: false,
        type: 'Full-Time',
        experienceLevel: 'Senior',
        industry: 'Technology',
        salaryMinUsd: null,
        salaryMaxUsd: null,
        skills: ['SQL'],
        descriptionText: 'Pipelines.',
        datePosted: '2024-05-01T00:00:00.000Z',
        workFromWorldwide: false,
        workFromCountries: [],
        utcMin: null,
        utcMax: null,
      });
      const first = {
        ...event,
        streamId: 'source-1',
        id: '33333333-3333-4333-8333-333333333333',
        position: { commit: 1, prepare: 1 },
      };
      const storeWith = (found: Partial<RecordedEvent> | null, firstFound: Partial<RecordedEvent> = {}) =>
        ({
          async readAll() {
            return [first as RecordedEvent];
          },
          async readStream(streamId: string) {
            if (streamId === first.streamId) return [{ ...first, ...firstFound } as RecordedEvent];
            return found ? [{ ...event, ...found } as RecordedEvent] : [];
          },
        }) as unknown as EventStore;
      const bytes = await snapshots.write(engine, event.position, event, storeWith({}));
      expect(bytes).toBeGreaterThan(0);
      const same = await snapshots.load(storeWith({}));
      expect(
        same?.engine.search({ text: 'data', sortBy: 'datePosted', sortOrder: 'desc', page: 1, pageSize: 5 }),
      ).toEqual({ ids: ['00000000-0000-4000-8000-000000000001'], total: 1 });
      expect(await snapshots.load(storeWith(null))).toBeNull();
      expect(await snapshots.load(storeWith({ id: '22222222-2222-4222-8222-222222222222' }))).toBeNull();
      expect(await snapshots.load(storeWith({ position: { commit: 43, prepare: 43 } }))).toBeNull();
      // Same last event, another first one: a history reset and replayed to the same point is not trusted.
      expect(await snapshots.load(storeWith({}, { id: '44444444-4444-4444-8444-444444444444' }))).toBeNull();
      // A damaged file is an error the follower reports (and then builds from the events).
      const file = path.join(dir, 'embedded-index.snapshot');
      const data = await fs.readFile(file);
      await fs.writeFile(file, data.subarray(0, data.byteLength - 100));
      await expect(snapshots.load(storeWith({}))).rejects.toThrow(/truncated/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
