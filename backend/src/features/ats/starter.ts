/**
 * The starter list: real companies that hire remotely with their public ATS boards
 * (starter-companies.json, data with the source of each entry). Registering it adds one ATS source
 * per entry; entries already registered are left as they are, so it can run again after the list
 * grows. Nothing is fetched here: the bot syncs the new sources when it runs (and when the machine
 * cannot reach the vendors, each sync fails, is recorded and backs off).
 */
import fs from 'node:fs';
import type pg from 'pg';
import path from 'node:path';
import { z } from 'zod';
import { AtsKind, BoardToken, type AtsKind as AtsKindType } from '@jobs/contracts/ats';
import { comparePositions, type EventStore, type Position } from '@jobs/contracts/eventstore';
import type { CommandMetadata } from '../../commands/handle';
import { mapLimit } from '../ingestion/concurrency';
import { SourceNameTakenError } from '../sources/names';
import { AtsSourceExistsError } from './decide';
import { addAtsSource } from './service';

export const STARTER_FILE = path.join(import.meta.dirname, 'starter-companies.json');
/** Starter boards are pulled every 4 hours: enough for job seekers, polite for 100+ boards. */
export const STARTER_INTERVAL_MINUTES = 240;

export const StarterCompany = z.object({
  company: z.string().trim().min(1).max(200),
  kind: AtsKind,
  board: BoardToken,
  /** remoteintech/remote-jobs' remote_policy for the company, when it lists it. */
  remotePolicy: z.string().nullable(),
  note: z.string().optional(),
  /** Where the company and its board were found (public pages or repository files). */
  sources: z.array(z.url({ protocol: /^https$/ })).min(1),
});
export type StarterCompany = z.infer<typeof StarterCompany>;

const StarterFile = z.object({ about: z.string(), companies: z.array(StarterCompany).min(1) });

export class StarterListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StarterListError';
  }
}

/** Reads and checks the list: a bad entry is reported by its position and field; duplicates are refused. */
export function loadStarterCompanies(file = STARTER_FILE): StarterCompany[] {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new StarterListError(`The starter list ${file} cannot be read: ${(err as Error).message}`);
  }
  const parsed = StarterFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StarterListError(`The starter list is invalid at ${issue.path.join('.')}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const [i, entry] of parsed.data.companies.entries()) {
    const key = `${entry.kind}|${entry.board.toLowerCase()}`;
    if (seen.has(key))
      throw new StarterListError(
        `The starter list has ${entry.kind} board '${entry.board}' twice (companies.${i})`,
      );
    seen.add(key);
  }
  return parsed.data.companies;
}

export interface StarterResult {
  /** Companies whose source this call added. */
  added: { company: string; kind: AtsKindType; board: string; atsSourceId: string }[];
  /** Companies that were already ATS sources. */
  existing: { company: string; kind: AtsKindType; board: string }[];
  /** Position of the last event appended (null when nothing was added). */
  position: Position | null;
}

/** Adds an ATS source for every starter company not already one. */
export async function registerStarterSources(
  deps: { store: EventStore; serverSecret: string; pool?: pg.Pool },
  companies: readonly StarterCompany[],
  metadata: CommandMetadata,
  { intervalMinutes = STARTER_INTERVAL_MINUTES }: { intervalMinutes?: number } = {},
): Promise<StarterResult> {
  const result: StarterResult = { added: [], existing: [], position: null };
  // A few at once: each is two small appends, and the store serialises appends anyway.
  await mapLimit([...companies], 4, async ({ company, kind, board }) => {
    try {
      const added = await addAtsSource(
        deps,
        { kind, board, company, intervalMinutes, baseUrl: null },
        metadata,
      );
      result.added.push({ company, kind, board, atsSourceId: added.atsSourceId });
      if (added.position && (!result.position || comparePositions(added.position, result.position) > 0))
        result.position = added.position;
    } catch (err) {
      // A board already added, or another source already has the company's name for this ATS.
      if (!(err instanceof AtsSourceExistsError || err instanceof SourceNameTakenError)) throw err;
      result.existing.push({ company, kind, board });
    }
  });
  return result;
}
