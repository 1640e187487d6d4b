import { describe, expect, it } from 'vitest';
import { IngestItem } from '@jobs/contracts/jobs';
import { htmlToLines } from '@jobs/contracts/description-text';
import { searchWords } from '@jobs/search/text';
import { companies } from './companies';
import { generateJobs } from './generate';
import { articleFor } from './text';

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
    expect(companies().length).toBeGreaterThanOrEqual(2000);
    expect(new Set(jobs.map((j) => j.company)).size).toBeGreaterThanOrEqual(600);
    expect(new Set(jobs.map((j) => j.title)).size).toBeGreaterThanOrEqual(600);
    expect(new Set(jobs.map((j) => j.industry)).size).toBeGreaterThanOrEqual(12);
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

  it('writes descriptions of 200 to 800 words, of varied lengths', () => {
    const lengths = generateJobs({ count: 2000, now, offset: 5000 })
      .map((job) => searchWords(htmlToLines(job.descriptionHtml).join(' ')).length)
      .sort((a, b) => a - b);
    expect(lengths[0]).toBeGreaterThanOrEqual(200);
    expect(lengths.at(-1)).toBeLessThanOrEqual(800);
    expect(lengths[1000]).toBeGreaterThan(330);
    expect(lengths[1000]).toBeLessThan(550);
    expect(lengths[100]).toBeLessThan(300);
    expect(lengths[1900]).toBeGreaterThan(650);
  });

  it('writes grammatical articles: an Engineering Manager, never a Engineering Manager', () => {
    const jobs = generateJobs({ count: 1000, now, offset: 9000 });
    const wrong: string[] = [];
    for (const job of jobs) {
      const text = htmlToLines(job.descriptionHtml).join(' ');
      // Lower-case 'a'/'an' anywhere; capitalised only where a sentence or item starts (mid-sentence 'An'
      // is a name, as in the Vietnamese 'Tân An'; 'an der' is German, as in 'Frankfurt an der Oder').
      for (const m of text.matchAll(/(?:(?<![\p{L}\p{N}'’-])(an?)|(?:^|[.:!?“] )(An?)) (?!der )(\S+)/gu))
        if ((m[1] ?? m[2])!.toLowerCase() !== articleFor(m[3]!)) wrong.push(m[0]);
    }
    expect(wrong).toEqual([]);
    const managers = jobs.filter((j) => j.title.startsWith('Engineering Manager'));
    expect(managers.length).toBeGreaterThan(0);
    for (const job of managers) expect(job.descriptionHtml).not.toContain('a <strong>Engineering');
  });

  it('writes articles and plurals right in every text field, not only the description', () => {
    const jobs = generateJobs({ count: 2000, now, offset: 40_000 });
    const wrong: string[] = [];
    for (const job of jobs) {
      const text = Object.values(job)
        .filter((v): v is string => typeof v === 'string')
        .map((v) => htmlToLines(v).join(' '))
        .join(' | ');
      for (const m of text.matchAll(/(?<![\p{L}\p{N}'’-])(an?) (?!der )([\p{L}\p{N}]\S*)/gu))
        if (m[1] !== articleFor(m[2]!)) wrong.push(m[0]);
      // A count and its noun agree: '1 year', '3 years', never '1 years' or '3 year'.
      for (const m of text.matchAll(
        /\b(1 (?:years|months|weeks|days|hours)|(?:[2-9]|\d{2,}) (?:year|month|week|day|hour))\b/g,
      ))
        wrong.push(m[0]);
    }
    expect(wrong).toEqual([]);
  });

  it('writes the sections of real postings, with names, places, products and technologies from the word lists', () => {
    const jobs = generateJobs({ count: 500, now, offset: 20_000 });
    const html = jobs.map((j) => j.descriptionHtml).join('\n');
    for (const section of [
      'What we build',
      'Nice to have',
      'Our stack',
      'The team',
      'Equal opportunity',
      'How we work',
      'Hiring process',
    ])
      expect(html).toContain(`<h3>${section}</h3>`);
    // People and places of many countries, with their accents.
    expect(html).toMatch(/[ąćęłńóśźżáéíőöüűčřšžăâîșțãçõ]/);
    // Company products, other companies as customers: their (distinctive) words show up.
    const words = new Set(searchWords(jobs.map((j) => htmlToLines(j.descriptionHtml).join(' ')).join(' ')));
    const mentioned = (names: string[]) =>
      names.filter((n) => searchWords(n).every((x) => words.has(x))).length;
    expect(mentioned(companies().flatMap((c) => c.products))).toBeGreaterThan(500);
    expect(mentioned(companies().map((c) => c.name))).toBeGreaterThan(500);
    expect(words.size).toBeGreaterThan(6000);
    // Titles name a team or a speciality now and then.
    expect(jobs.filter((j) => /, [A-Z]/.test(j.title)).length).toBeGreaterThan(25);
    expect(jobs.filter((j) => /\(.+\)$/.test(j.title)).length).toBeGreaterThan(25);
  });

  it('keeps demo companies on .example domains with unique names', () => {
    const all = companies();
    expect(new Set(all.map((c) => c.name.toLowerCase())).size).toBe(all.length);
    for (const job of generateJobs({ count: 300, now })) {
      expect(new URL(job.companyWebsite!).hostname).toMatch(/\.example$/);
      expect(new URL(job.applicationUrl).hostname).toMatch(/\.example$/);
    }
  });

  it('never repeats a sentence within a posting', () => {
    for (const job of generateJobs({ count: 1000, now, offset: 40_000 })) {
      const sentences = htmlToLines(job.descriptionHtml).flatMap((line) => line.split(/(?<=[.!?])\s+/));
      const repeated = sentences.filter((sentence, i) => sentences.indexOf(sentence) !== i);
      expect(repeated, job.externalId).toEqual([]);
    }
  });
});
