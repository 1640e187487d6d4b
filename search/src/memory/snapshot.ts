import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { comparePositions, type EventStore, type Position } from '@jobs/contracts';
import { FACETS, MemoryEngine, type EngineState, type FacetName } from './engine';

/**
 * Snapshots of the embedded index in a file, so a restarted process answers searches from the embedded index in
 * seconds instead of reading every job event again. A snapshot names the last job event it holds (stream, revision,
 * id, global position); it is used only when the event store holds that very event at that position, so a snapshot
 * of another database, or of an event history that was reset, is never loaded. FORMAT changes whenever the file
 * layout or what the index derives from an event changes: an older snapshot is then rebuilt from the events.
 */
export const SNAPSHOT_FORMAT = 2;
const MAGIC = 'JOBSIDX1';

export interface SnapshotEvent {
  streamId: string;
  revision: number;
  id: string;
  position: Position;
}

export interface SnapshotStore {
  load(store: EventStore): Promise<{ engine: MemoryEngine; position: Position; event: SnapshotEvent } | null>;
  /** Writes the engine at `position` (whose last job event is `event`); returns the bytes written. */
  write(engine: MemoryEngine, position: Position, event: SnapshotEvent, store: EventStore): Promise<number>;
}

interface Header {
  format: number;
  position: Position;
  event: SnapshotEvent;
  /** The store's first event: with the last one, it tells this history from another (a database reset, another board). */
  first: SnapshotEvent | null;
  createdAt: string;
  capacity: number;
  used: number;
  documents: number;
  sections: { name: string; offset: number; length: number }[];
}

type Section = { name: string; bytes: Uint8Array };

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A list of strings as one UTF-8 blob plus their lengths in UTF-16 units (decoded once, then sliced). */
function stringsSection(name: string, list: readonly string[]): Section[] {
  const lengths = new Int32Array(list.length);
  for (let i = 0; i < list.length; i++) lengths[i] = list[i]!.length;
  return [
    { name: `${name}.len`, bytes: view(lengths) },
    { name: `${name}.utf8`, bytes: enc.encode(list.join('')) },
  ];
}

function view(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** Every posting list of the dictionary: its shape per term, then the sparse ids and the bitsets, each concatenated. */
function postingsSections(state: EngineState): Section[] {
  // Per term and field (all, title, company/skills, location): -1 absent, -2 - n a bitset of n set bits... kept
  // simple: kind 0 absent, 1 sparse with `count` ids, 2 a bitset of `words` words.
  const shape = new Int32Array(state.postings.length * 8);
  let sparseTotal = 0;
  let denseTotal = 0;
  state.postings.forEach((fields, i) => {
    fields.forEach((data, f) => {
      const at = i * 8 + f * 2;
      if (!data) return;
      if ('bits' in data) {
        shape[at] = 2;
        shape[at + 1] = data.bits.length;
        denseTotal += data.bits.length;
      } else {
        shape[at] = 1;
        shape[at + 1] = data.ids.length;
        sparseTotal += data.ids.length;
      }
    });
  });
  const sparse = new Int32Array(sparseTotal);
  const dense = new Uint32Array(denseTotal);
  let si = 0;
  let di = 0;
  for (const fields of state.postings)
    for (const data of fields) {
      if (!data) continue;
      if ('bits' in data) {
        dense.set(data.bits, di);
        di += data.bits.length;
      } else {
        sparse.set(data.ids, si);
        si += data.ids.length;
      }
    }
  return [
    { name: 'postings.shape', bytes: view(shape) },
    { name: 'postings.sparse', bytes: view(sparse) },
    { name: 'postings.dense', bytes: view(dense) },
  ];
}

function sectionsOf(state: EngineState): Section[] {
  const facetIds = FACETS.map((f) => ({ name: `facetId.${f}`, bytes: view(state.facetId[f]) }));
  const facetValues = FACETS.flatMap((f) => stringsSection(`facetValues.${f}`, state.facetValues[f]));
  const suggestionCounts = Int32Array.from(state.suggestions, (s) => s[2]);
  return [
    { name: 'free', bytes: view(state.free) },
    { name: 'dead', bytes: view(state.dead) },
    { name: 'live', bytes: view(state.live) },
    ...stringsSection('ids', state.ids),
    ...stringsSection('titleKey', state.titleKey),
    ...stringsSection('companyKey', state.companyKey),
    ...stringsSection('suggestKeys', state.suggestKeys),
    { name: 'date', bytes: view(state.date) },
    { name: 'salaryLo', bytes: view(state.salaryLo) },
    { name: 'salaryHi', bytes: view(state.salaryHi) },
    { name: 'locationId', bytes: view(state.locationId) },
    { name: 'countryId', bytes: view(state.countryId) },
    ...facetIds,
    { name: 'flags', bytes: view(state.flags) },
    ...stringsSection('workFromCountries', state.workFromCountries),
    { name: 'utcMin', bytes: view(state.utcMin) },
    { name: 'utcMax', bytes: view(state.utcMax) },
    ...stringsSection('locations', state.locations),
    ...stringsSection('countries', state.countries),
    ...facetValues,
    ...stringsSection('terms', state.terms),
    ...postingsSections(state),
    ...stringsSection(
      'suggestions.key',
      state.suggestions.map((s) => s[0]),
    ),
    ...stringsSection(
      'suggestions.term',
      state.suggestions.map((s) => s[1]),
    ),
    { name: 'suggestions.count', bytes: view(suggestionCounts) },
    { name: 'orders.date', bytes: view(state.orders.date) },
    { name: 'orders.title', bytes: view(state.orders.title) },
    { name: 'orders.company', bytes: view(state.orders.company) },
  ];
}

const pad8 = (n: number) => (n + 7) & ~7;

/** The engine as one file's bytes: magic, header length, header (JSON), then every section 8-byte aligned. */
export function encodeSnapshot(
  engine: MemoryEngine,
  position: Position,
  event: SnapshotEvent,
  first: SnapshotEvent | null = null,
): { header: Uint8Array; sections: Section[]; size: number } {
  const state = engine.exportState();
  const sections = sectionsOf(state);
  let offset = 0;
  const layout = sections.map((s) => {
    const entry = { name: s.name, offset, length: s.bytes.byteLength };
    offset = pad8(offset + s.bytes.byteLength);
    return entry;
  });
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    position,
    event,
    first,
    createdAt: new Date().toISOString(),
    capacity: state.capacity,
    used: state.used,
    documents: engine.size,
    sections: layout,
  };
  const json = enc.encode(JSON.stringify(header));
  const head = new Uint8Array(pad8(16 + json.byteLength));
  head.set(enc.encode(MAGIC), 0);
  new DataView(head.buffer).setUint32(8, json.byteLength, true);
  head.set(json, 16);
  return { header: head, sections, size: head.byteLength + offset };
}

/** Reads a snapshot's bytes back into an engine (the typed arrays are copied out of `file`). */
export function decodeSnapshot(file: Uint8Array): { header: Header; engine: MemoryEngine } {
  if (dec.decode(file.subarray(0, 8)) !== MAGIC) throw new Error('not a search snapshot');
  const jsonLength = new DataView(file.buffer, file.byteOffset, 16).getUint32(8, true);
  const header = JSON.parse(dec.decode(file.subarray(16, 16 + jsonLength))) as Header;
  if (header.format !== SNAPSHOT_FORMAT)
    throw new Error(`snapshot format ${header.format}, expected ${SNAPSHOT_FORMAT}`);
  const base = pad8(16 + jsonLength);
  const byName = new Map(header.sections.map((s) => [s.name, s]));
  const bytes = (name: string): Uint8Array => {
    const s = byName.get(name);
    if (!s) throw new Error(`snapshot lacks section ${name}`);
    if (base + s.offset + s.length > file.byteLength) throw new Error('snapshot is truncated');
    // A copy: aligned for the typed array, and owned (the file's buffer can go).
    return file.slice(base + s.offset, base + s.offset + s.length);
  };
  const i32 = (name: string) => {
    const b = bytes(name);
    return new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  };
  const u32 = (name: string) => {
    const b = bytes(name);
    return new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  };
  const f64 = (name: string) => {
    const b = bytes(name);
    return new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
  };
  const strings = (name: string): string[] => {
    const lengths = i32(`${name}.len`);
    const all = dec.decode(bytes(`${name}.utf8`));
    const out = new Array<string>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      out[i] = all.slice(at, at + lengths[i]!);
      at += lengths[i]!;
    }
    return out;
  };
  const terms = strings('terms');
  const shape = i32('postings.shape');
  const sparse = i32('postings.sparse');
  const dense = u32('postings.dense');
  let si = 0;
  let di = 0;
  const postings = terms.map((_, i): EngineState['postings'][number] => {
    const field = (f: number) => {
      const kind = shape[i * 8 + f * 2]!;
      const n = shape[i * 8 + f * 2 + 1]!;
      if (kind === 0) return null;
      if (kind === 1) {
        const ids = sparse.slice(si, si + n);
        si += n;
        return { ids };
      }
      const bits = dense.slice(di, di + n);
      di += n;
      return { bits };
    };
    return [field(0)!, field(1), field(2), field(3)];
  });
  const keys = strings('suggestions.key');
  const termsOfKeys = strings('suggestions.term');
  const counts = i32('suggestions.count');
  const facetId = {} as Record<FacetName, Int32Array>;
  const facetValues = {} as Record<FacetName, string[]>;
  for (const f of FACETS) {
    facetId[f] = i32(`facetId.${f}`);
    facetValues[f] = strings(`facetValues.${f}`);
  }
  const state: EngineState = {
    capacity: header.capacity,
    used: header.used,
    free: i32('free'),
    dead: i32('dead'),
    live: u32('live'),
    ids: strings('ids'),
    titleKey: strings('titleKey'),
    companyKey: strings('companyKey'),
    suggestKeys: strings('suggestKeys'),
    date: f64('date'),
    salaryLo: f64('salaryLo'),
    salaryHi: f64('salaryHi'),
    locationId: i32('locationId'),
    countryId: i32('countryId'),
    facetId,
    flags: bytes('flags'),
    workFromCountries: strings('workFromCountries'),
    utcMin: f64('utcMin'),
    utcMax: f64('utcMax'),
    locations: strings('locations'),
    countries: strings('countries'),
    facetValues,
    terms,
    postings,
    suggestions: keys.map((k, i) => [k, termsOfKeys[i]!, counts[i]!]),
    orders: { date: i32('orders.date'), title: i32('orders.title'), company: i32('orders.company') },
  };
  return { header, engine: MemoryEngine.fromState(state) };
}

/** Snapshots in a directory (DATA_DIR/search): one file, replaced atomically (several processes may write it). */
export function fileSnapshots(dir: string, options: { onLog?: (msg: string) => void } = {}): SnapshotStore {
  const file = path.join(dir, 'embedded-index.snapshot');
  return {
    async load(store) {
      const data = await fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!data) return null;
      const { header, engine } = decodeSnapshot(data);
      // The store must hold the snapshot's first and last events at the same places: else it is another history
      // (another board's database, or one that was reset), and the snapshot is not used.
      const same = async (e: SnapshotEvent | null) => {
        if (!e) return true;
        const [found] = await store
          .readStream(e.streamId, { fromRevision: e.revision, maxCount: 1 })
          .catch(() => []);
        return !!found && found.id === e.id && comparePositions(found.position, e.position) === 0;
      };
      if (!(await same(header.event)) || !(await same(header.first))) {
        options.onLog?.('search snapshot belongs to another event history; ignored');
        return null;
      }
      return { engine, position: header.position, event: header.event };
    },
    async write(engine, position, event, store) {
      const [firstEvent] = await store.readAll({ maxCount: 1 });
      const first: SnapshotEvent | null = firstEvent
        ? {
            streamId: firstEvent.streamId,
            revision: firstEvent.revision,
            id: firstEvent.id,
            position: firstEvent.position,
          }
        : null;
      const { header, sections, size } = encodeSnapshot(engine, position, event, first);
      await fs.mkdir(dir, { recursive: true });
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      const handle = await fs.open(tmp, 'w', 0o600);
      try {
        await handle.write(header);
        let written = header.byteLength;
        const zeros = new Uint8Array(8);
        for (const s of sections) {
          await handle.write(s.bytes);
          written += s.bytes.byteLength;
          const pad = pad8(written) - written;
          if (pad) await handle.write(zeros, 0, pad);
          written += pad;
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, file).catch(async (err: unknown) => {
        await fs.rm(tmp, { force: true });
        throw err;
      });
      return size;
    },
  };
}
