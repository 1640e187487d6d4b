import type pg from 'pg';
import type { HistoryEntry } from './history';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The job timeline names ingestion sources as the dashboard does: its events hold their ids ('Posted from
 * 3f2a…', actor 'source:3f2a…'), which say nothing to a reader. Ids are UUIDs, so replacing them cannot touch
 * other text; a source the read model does not know keeps its id.
 */
export async function withSourceNames(pool: pg.Pool, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const { rows } = await pool.query<{ id: string; name: string }>('select id, name from ingestion_sources');
  const names = new Map(rows.filter((r) => UUID.test(r.id)).map((r) => [r.id.toLowerCase(), r.name]));
  if (names.size === 0) return entries;
  const pattern = new RegExp([...names.keys()].join('|'), 'gi');
  const named = (text: string) => text.replace(pattern, (id) => names.get(id.toLowerCase()) ?? id);
  return entries.map((e) => ({ ...e, summary: named(e.summary), actor: named(e.actor) }));
}
