import type { JobContent } from '@jobs/contracts';
import { htmlToText } from '@jobs/contracts/description-text';
import { workFrom } from '@jobs/contracts/where-rules';
import { toUsdPerYear } from '@jobs/projections/jobs/salary';
import { indexTextOf } from './index-text';
import type { IndexedJob } from './memory/engine';

/**
 * A job as the embedded index keeps it, with narrow imports: the tokeniser threads (memory/tokens-worker.ts) load
 * this and not the search projection's module graph, so each thread starts sooner.
 */

const DESCRIPTION_TEXT_LENGTH = 2000;

/**
 * What the embedded index keeps of a job (everything a filter, a sort or a text match reads). `cache: false` for a
 * caller that sees each description once (see htmlToText).
 */
export function indexedJobOf(jobId: string, job: JobContent, options: { cache?: boolean } = {}): IndexedJob {
  return {
    id: jobId,
    title: job.title,
    company: job.company,
    location: job.location,
    country: job.country,
    continent: job.continent,
    isRemote: job.isRemote,
    isHybrid: job.isHybrid,
    type: job.type,
    experienceLevel: job.experienceLevel,
    industry: job.industry,
    salaryMinUsd: toUsdPerYear(job.salaryMin, job.salaryCurrency, job.salaryPeriod),
    salaryMaxUsd: toUsdPerYear(job.salaryMax, job.salaryCurrency, job.salaryPeriod),
    skills: job.skills,
    // A caller that sees each description once (an index built from the events) reads only the HTML it needs.
    descriptionText:
      options.cache === false
        ? indexTextOf(job.description, DESCRIPTION_TEXT_LENGTH)
        : htmlToText(job.description, DESCRIPTION_TEXT_LENGTH, options),
    datePosted: new Date(job.datePosted).toISOString(),
    ...whereOf(job),
  };
}

/** Where a person may do the job from, as the workFrom and timezone filters compare it. */
function whereOf(
  job: JobContent,
): Pick<IndexedJob, 'workFromWorldwide' | 'workFromCountries' | 'utcMin' | 'utcMax'> {
  const where = workFrom(job.eligibility);
  return {
    workFromWorldwide: where.worldwide,
    workFromCountries: where.countries,
    utcMin: where.utc?.min ?? null,
    utcMax: where.utc?.max ?? null,
  };
}
