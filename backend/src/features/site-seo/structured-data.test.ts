/**
 * Google's rich-result rules for JobPosting, checked with @adobe/structured-data-validator over every kind of
 * job page: the demo data (the seed generator through the normaliser) and the real-response ATS fixtures
 * (through the connectors and the normaliser). Offline: the validator gets no schema.org vocabulary (which it
 * would fetch), so it applies Google's required and recommended properties only.
 */
import Validator from '@adobe/structured-data-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPublicJob, type JobContent } from '@jobs/contracts';
import { CONNECTORS } from '../ats/connectors';
import { startFixtureAtsServer, type FixtureAtsServer } from '../ats/testing';
import { normaliseJob } from '../jobs/normalise';
import { generateJobs } from '../seed/generate';
import { jobPostingJsonLd, type JsonLd, type JsonLdJob } from './json-ld';

const PUBLIC_URL = 'https://jobs.example';
const NOW = new Date('2026-05-01T12:00:00Z');

interface Page {
  origin: string;
  content: JobContent;
  job: JsonLdJob;
}

function page(origin: string, n: number, content: JobContent): Page {
  return {
    origin,
    content,
    job: {
      ...toPublicJob(n, `job-${n}`, content),
      salaryRange:
        content.salaryMin === null && content.salaryMax === null
          ? null
          : {
              currency: (content.salaryCurrency ?? 'USD').toUpperCase(),
              period: content.salaryPeriod ?? 'YEAR',
              min: content.salaryMin,
              max: content.salaryMax,
            },
    },
  };
}

let ats: FixtureAtsServer;
const pages: Page[] = [];

beforeAll(async () => {
  for (const [i, item] of generateJobs({ count: 300, seed: 7, now: NOW }).entries())
    pages.push(page('demo', i + 1, normaliseJob(item, { now: NOW })));
  ats = await startFixtureAtsServer();
  for (const [kind, connector] of Object.entries(CONNECTORS)) {
    const baseUrl = kind === 'recruitee' ? `${ats.baseUrl}/recruitee/{board}` : ats.baseUrl;
    const { jobs } = await connector.fetchBoard('acme', { fetch, baseUrl, retries: 0, company: 'Acme' });
    for (const item of jobs) pages.push(page(kind, 10_000 + pages.length, normaliseJob(item, { now: NOW })));
  }
}, 60_000);
afterAll(() => ats?.close());

/** The recommended properties Google lists, and whether this job's data has what each needs. */
function recommendedFor(p: Page): string[] {
  const fields = ['validThrough', 'identifier', 'directApply', 'employmentType'];
  if (p.job.salaryRange) fields.push('baseSalary');
  if (p.job.isRemote && !p.job.isHybrid) fields.push('jobLocationType', 'applicantLocationRequirements');
  return fields;
}

describe('JobPosting structured data against Google’s rich-result rules', () => {
  it('has no error on any kind of job page, and every recommended property the data allows', async () => {
    const validator = new Validator();
    const errors: string[] = [];
    const missing: string[] = [];
    const omitted: Page[] = [];
    const byOrigin = new Map<string, number>();
    for (const p of pages) {
      const data: JsonLd | null = jobPostingJsonLd(p.job, PUBLIC_URL);
      if (!data) {
        omitted.push(p);
        continue;
      }
      byOrigin.set(p.origin, (byOrigin.get(p.origin) ?? 0) + 1);
      const issues = await validator.validate({ jsonld: { JobPosting: [structuredClone(data)] } });
      for (const issue of issues) {
        const where = `${p.origin} ${JSON.stringify(p.content.location)}: ${issue.issueMessage}`;
        if (issue.severity === 'ERROR') errors.push(where);
        else if (issue.fieldNames?.some((f: string) => recommendedFor(p).includes(f))) missing.push(where);
      }
    }
    console.log(
      `JobPosting checked on ${pages.length - omitted.length} of ${pages.length} job pages ` +
        `(${[...byOrigin].map(([o, n]) => `${o} ${n}`).join(', ')}): ${errors.length} errors, ` +
        `${missing.length} recommended properties missing; ${omitted.length} pages carry no JobPosting because ` +
        `the posting does not say where (${[...new Set(omitted.map((p) => p.content.location))].join(', ')})`,
    );
    expect(errors).toEqual([]);
    expect(missing).toEqual([]);
    // Every vendor's fixtures and the demo data are covered.
    expect([...byOrigin.keys()].sort()).toEqual(['demo', ...Object.keys(CONNECTORS)].sort());
    // A page goes without a JobPosting only when its place is truly unknown, never for a known one.
    for (const p of omitted) {
      const e = p.content.eligibility;
      expect(e?.worldwide ?? false).toBe(false);
      if (p.content.isRemote && !p.content.isHybrid) expect(e?.countries.length ?? 0).toBe(0);
      else expect(p.content.country).toBeNull();
    }
  });

  it('names every allowed country, never one guess: EMEA lists Europe, the Middle East and Africa', () => {
    const emea = pages.find((p) => p.content.location === 'Remote - EMEA' && !p.content.isHybrid)!;
    const data = jobPostingJsonLd(emea.job, PUBLIC_URL)!;
    const names = (data.applicantLocationRequirements as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['DE', 'GB', 'FR', 'AE', 'ZA', 'NG']));
    expect(names).not.toContain('US');
    expect(data.jobLocationType).toBe('TELECOMMUTE');
  });

  it('sets TELECOMMUTE only for fully remote jobs', () => {
    for (const p of pages) {
      const data = jobPostingJsonLd(p.job, PUBLIC_URL);
      if (!data) continue;
      expect(data.jobLocationType === 'TELECOMMUTE').toBe(p.job.isRemote && !p.job.isHybrid);
    }
  });
});
