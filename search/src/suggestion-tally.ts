import type { SearchRebuildWrite } from '@jobs/contracts';
import { suggestionTerms, type SuggestionKind } from './text';

type Suggestion = NonNullable<SearchRebuildWrite['suggestions']>[number];

/**
 * The suggestion counts of a rebuild, kept in memory event by event and written once at the end (issue 26), exactly
 * as the live path leaves job_suggestions after the same events applied one at a time: a key's count is how many
 * indexed documents carry it, and its term and kind are those of the document that added the key when it was last
 * absent (a later document with the same key, another casing say, changes only the count). Holds each indexed job's
 * keys (the strings shared with the tally), about 200 bytes a job.
 */
export class SuggestionTally {
  private readonly counts = new Map<string, Suggestion>();
  private readonly jobs = new Map<string, string[]>();

  /** Whether the job has a document in the index now. */
  indexed(jobId: string): boolean {
    return this.jobs.has(jobId);
  }

  /** The job's document is now `doc` (upserted), or none (`null`: removed). */
  set(jobId: string, doc: { title: string; company: string; skills: readonly string[] } | null): void {
    const old = this.jobs.get(jobId);
    if (!doc) {
      if (!old) return;
      for (const key of old) this.lower(key);
      this.jobs.delete(jobId);
      return;
    }
    const terms = suggestionTerms({ title: doc.title, company: doc.company, skills: doc.skills as string[] });
    const keys: string[] = [];
    for (const t of terms) {
      const known = this.counts.get(t.key);
      if (old?.includes(t.key)) {
        keys.push(known ? known.key : t.key);
        continue;
      }
      if (known) {
        known.docCount += 1;
        keys.push(known.key);
      } else {
        this.counts.set(t.key, { key: t.key, term: t.term, kind: t.kind as SuggestionKind, docCount: 1 });
        keys.push(t.key);
      }
    }
    if (old) for (const key of old) if (!keys.includes(key)) this.lower(key);
    this.jobs.set(jobId, keys);
  }

  private lower(key: string): void {
    const known = this.counts.get(key);
    if (!known) return;
    if (--known.docCount <= 0) this.counts.delete(key);
  }

  /** Every key with its count, as job_suggestions holds them. */
  suggestions(): Suggestion[] {
    return [...this.counts.values()];
  }

  clear(): void {
    this.counts.clear();
    this.jobs.clear();
  }
}
