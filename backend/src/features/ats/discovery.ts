/**
 * Company discovery: from candidates (company names, domains or board slugs) guess board slugs,
 * probe every supported ATS for a live board (list only, bounded concurrency, paced per host by
 * the given fetch), and record each board with jobs as a discovered company for an admin to review.
 * Boards that are already sources, or that an admin rejected, are not proposed again.
 */
import type pg from 'pg';
import {
  ATS_KINDS,
  MAX_DISCOVERY_CANDIDATES,
  discoveredCompanyStreamId,
  type AtsKind,
  type DiscoveredCompanyFound,
} from '@jobs/contracts/ats';
import type { EventStore } from '@jobs/contracts/eventstore';
import { handleCommand } from '../../commands/handle';
import { JOBS_BOARD_NAMESPACE, uuidFromName } from '../../commands/ids';
import { mapLimit } from '../ingestion/concurrency';
import type { FetchLike } from './connectors';
import { discoveredCompanyDecider } from './discovered';
import { atsSourceIdFor, checkBoard } from './service';

const LEGAL_SUFFIXES =
  /\b(inc|incorporated|llc|ltd|limited|gmbh|ag|bv|b\.v|sa|sas|sarl|srl|plc|corp|corporation|co|company|oy|ab|as|aps|pty|kg)\b\.?/g;
const HEADER = /^(company|companies|name|domain|website|board|slug|candidate)s?$/i;

/** One candidate a line, or CSV rows (first column); a header row is skipped; duplicates dropped. */
export function parseCandidates(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const first = line
      .split(/[,;\t]/)[0]!
      .replace(/^"|"$/g, '')
      .trim();
    if (!first || HEADER.test(first)) continue;
    const key = first.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(first);
    if (out.length >= MAX_DISCOVERY_CANDIDATES) break;
  }
  return out;
}

/** 'https://www.acme-labs.io/jobs' → 'acme-labs'; null when the text is not a domain or URL. */
function domainLabel(candidate: string): string | null {
  const text = candidate.trim().toLowerCase();
  if (/\s/.test(text) || !text.includes('.')) return null;
  try {
    const host = new URL(/^https?:\/\//.test(text) ? text : `https://${text}`).hostname.replace(/^www\./, '');
    const labels = host.split('.');
    if (labels.length < 2) return null;
    // acme.co.uk → acme; jobs.acme.com → acme
    const registrable = labels.length > 2 && labels.at(-2)!.length <= 3 ? labels.at(-3)! : labels.at(-2)!;
    return registrable || null;
  } catch {
    return null;
  }
}

/** Up to three slug guesses: 'Acme Labs, Inc.' → acmelabs, acme-labs, acme. */
export function slugGuesses(candidate: string): string[] {
  const fromDomain = domainLabel(candidate);
  const base = fromDomain ?? candidate;
  const words = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(LEGAL_SUFFIXES, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const guesses = [words.join(''), words.join('-'), fromDomain ? base : words[0]!];
  return [...new Set(guesses.filter((g) => /^[a-z0-9][a-z0-9._-]*$/.test(g)))].slice(0, 3);
}

export const discoveredIdFor = (kind: AtsKind, board: string, baseUrl: string | null) =>
  uuidFromName(JOBS_BOARD_NAMESPACE, `discovered|${kind}|${board.toLowerCase()}|${baseUrl ?? ''}`);

export interface DiscoveryDeps {
  store: EventStore;
  pool: pg.Pool;
  fetch: FetchLike;
  /** Probes in flight at once (default 4). */
  concurrency?: number;
  timeoutMs?: number;
}

export interface DiscoveryProgress {
  candidates: number;
  probes: number;
  probed: number;
  found: number;
}

interface Probe {
  candidate: string;
  kind: AtsKind;
  board: string;
}

/** Lever boards live on two hosts: probe the EU one too when the vendor hosts are used. */
function boardsFor(kind: AtsKind, slug: string, baseUrl: string | null): string[] {
  return kind === 'lever' && !baseUrl ? [slug, `eu:${slug}`] : [slug];
}

export async function discoverCompanies(
  deps: DiscoveryDeps,
  input: { candidates: string[]; baseUrl: string | null },
  onProgress: (p: DiscoveryProgress) => void = () => undefined,
): Promise<DiscoveredCompanyFound[]> {
  const { rows: sources } = await deps.pool.query<{ id: string }>('select id from ats_sources');
  const existing = new Set(sources.map((r) => r.id));
  const probes: Probe[] = [];
  const queued = new Set<string>();
  for (const candidate of input.candidates) {
    for (const slug of slugGuesses(candidate)) {
      for (const kind of ATS_KINDS) {
        for (const board of boardsFor(kind, slug, input.baseUrl)) {
          const key = `${kind}|${board}`;
          if (queued.has(key) || existing.has(atsSourceIdFor(kind, board, input.baseUrl))) continue;
          queued.add(key);
          probes.push({ candidate, kind, board });
        }
      }
    }
  }
  const progress: DiscoveryProgress = {
    candidates: input.candidates.length,
    probes: probes.length,
    probed: 0,
    found: 0,
  };
  onProgress({ ...progress });
  const found: DiscoveredCompanyFound[] = [];
  await mapLimit(probes, deps.concurrency ?? 4, async (probe) => {
    const check = await checkBoard(
      { kind: probe.kind, board: probe.board, baseUrl: input.baseUrl },
      { fetch: deps.fetch, timeoutMs: deps.timeoutMs ?? 10_000, retries: 0 },
    );
    progress.probed += 1;
    if (check.ok && check.jobCount > 0) {
      const discoveredId = discoveredIdFor(probe.kind, probe.board, input.baseUrl);
      const result = await handleCommand(
        deps.store,
        discoveredCompanyStreamId(discoveredId),
        discoveredCompanyDecider,
        {
          type: 'RecordDiscoveredCompany',
          found: {
            discoveredId,
            candidate: probe.candidate,
            kind: probe.kind,
            board: probe.board,
            company: check.company ?? probe.candidate,
            baseUrl: input.baseUrl,
            jobCount: check.jobCount,
            sampleTitles: check.sampleTitles,
          },
        },
        { metadata: { actor: 'system:discovery' } },
      );
      const event = result.newEvents[0];
      if (event?.type === 'DiscoveredCompanyFound') {
        found.push(event.data as DiscoveredCompanyFound);
        progress.found += 1;
      }
    }
    onProgress({ ...progress });
  });
  return found;
}

/**
 * Candidates from what we already hold: company websites (domains) and names of companies with
 * jobs from sources that are not ATS sources, skipping boards we already pull.
 */
export async function candidatesFromIngestedJobs(pool: pg.Pool, limit = 200): Promise<string[]> {
  const { rows } = await pool.query<{ candidate: string }>(
    `select coalesce(nullif(c.website, ''), c.name) as candidate
     from companies c
     where c.live_job_count > 0
       and not exists (select 1 from ats_sources s where lower(s.company) = lower(c.name))
     order by c.live_job_count desc, c.name
     limit $1`,
    [limit],
  );
  return [...new Set(rows.map((r) => r.candidate.replace(/^https?:\/\//, '').replace(/\/.*$/, '')))];
}
