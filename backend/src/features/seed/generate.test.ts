import { describe, expect, it } from 'vitest';
import { IngestItem } from '@jobs/contracts/jobs';
import { COMPANIES } from './data';
import { generateJobs } from './generate';

const now = new Date('2025-06-01T12:00:00.000Z');

describe('seed generator', () => {
  it('is deterministic: the same seed and time give the same jobs', () => {
    expect(generateJobs({ count: 50, seed: 7, now })).toEqual(generateJobs({ count: 50, seed: 7, now }));
  });

  it('gives other jobs for another seed', () => {
    const a = generateJobs({ count: 20, seed: 1, now }).map((j) => j.title + j.company);
    const b = generateJobs({ count: 20, seed: 2, now }).map((j) => j.title + j.company);
    expect(a).not.toEqual(b);
  });

  it('generates in chunks exactly what one call generates', () => {
    const whole = generateJobs({ count: 30, seed: 3, now });
    const chunks = [
      ...generateJobs({ count: 10, seed: 3, now }),
      ...generateJobs({ count: 20, offset: 10, seed: 3, now }),
    ];
    expect(chunks).toEqual(whole);
  });

  it('produces items the ingestion API accepts, with unique external ids', () => {
    const jobs = generateJobs({ count: 500, now });
    for (const job of jobs) {
      const parsed = IngestItem.safeParse(job);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    expect(new Set(jobs.map((j) => j.externalId)).size).toBe(500);
  });

  it('varies companies, titles, locations, workplaces, salaries and dates', () => {
    const jobs = generateJobs({ count: 2000, now });
    expect(COMPANIES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(jobs.map((j) => j.company)).size).toBeGreaterThanOrEqual(75);
    expect(new Set(jobs.map((j) => j.title)).size).toBeGreaterThanOrEqual(120);
    expect(new Set(jobs.map((j) => j.location)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(jobs.map((j) => j.employmentType)).size).toBeGreaterThanOrEqual(8);
    for (const place of [
      'Remote (Worldwide)',
      'Remote - EMEA',
      'Berlin, Germany',
      'Hybrid - London, UK',
      'São Paulo, Brazil',
      'Nairobi, Kenya',
    ]) {
      expect(
        jobs.some((j) => j.location === place),
        place,
      ).toBe(true);
    }
    const remote = jobs.filter((j) => j.location?.startsWith('Remote')).length;
    expect(remote / jobs.length).toBeGreaterThan(0.4);
    expect(remote / jobs.length).toBeLessThan(0.9);

    const noSalary = jobs.filter((j) => !j.salary && j.salaryMin == null).length;
    expect(noSalary / jobs.length).toBeGreaterThan(0.15);
    expect(noSalary / jobs.length).toBeLessThan(0.45);
    expect(jobs.some((j) => j.salary?.includes('€'))).toBe(true);
    expect(jobs.some((j) => j.salary?.includes('/ hour'))).toBe(true);
    expect(new Set(jobs.map((j) => j.salaryCurrency).filter(Boolean)).size).toBeGreaterThanOrEqual(6);

    const ages = jobs.map((j) => (now.getTime() - Date.parse(j.datePosted!)) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60);
    expect(Math.max(...ages)).toBeGreaterThan(45);
  });

  it('writes descriptions with the company first, then the sections, and no logos', () => {
    const [job] = generateJobs({ count: 1, now });
    expect(job!.descriptionHtml.startsWith(`<h2>About ${job!.company.replace('&', '&amp;')}</h2>`)).toBe(
      true,
    );
    for (const section of ['Responsibilities', 'Requirements', 'Benefits'])
      expect(job!.descriptionHtml).toContain(`<h3>${section}</h3>`);
    expect(job!.descriptionHtml).toMatch(/<ul><li>/);
    expect(job!.companyLogo).toBeNull();
    expect(job!.skills!.length).toBeGreaterThanOrEqual(3);
  });
});
