import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseJob } from './index';
import { titleRestriction } from './title-restriction';

interface Labelled {
  title: string;
  location: string | null;
  remote: boolean | null;
  where: string;
  source: string;
}

function labelled(): Labelled[] {
  const file = fs.readFileSync(path.join(import.meta.dirname, 'title-restrictions-labelled.txt'), 'utf8');
  return file
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [title, location, remote, where, source] = line.split(' | ').map((c) => c.trim());
      return {
        title: title!,
        location: location === '-' ? null : location!,
        remote: remote === 'yes' ? true : remote === 'no' ? false : null,
        where: where!,
        source: source!,
      };
    });
}

/** 'worldwide', '-', or the sorted countries and @regions, as the labels write them. */
function whereOf(eligibility: ReturnType<typeof normaliseJob>['eligibility']): string {
  if (!eligibility) return '-';
  if (eligibility.worldwide) return 'worldwide';
  const parts = [...eligibility.countries, ...eligibility.regions.map((r) => `@${r}`)];
  return parts.length ? parts.sort().join(' ') : '-';
}

const sorted = (where: string) => where.split(' ').sort().join(' ');

describe('restrictions from titles (issue 24 §6): the labelled set of real titles', () => {
  const rows = labelled();

  it('reads each title as its label says, into the same eligibility data a location gives', () => {
    const misses: string[] = [];
    for (const row of rows) {
      const job = normaliseJob(
        {
          action: 'posted',
          externalId: 'x',
          title: row.title,
          company: 'Acme',
          descriptionHtml: '<p>Build things with us.</p>',
          applicationUrl: 'https://acme.example/apply',
          ...(row.location ? { location: row.location } : {}),
          ...(row.remote === true ? { workplace: 'remote' as const } : {}),
          ...(row.remote === false ? { workplace: 'on-site' as const } : {}),
        },
        { now: new Date('2026-11-28T00:00:00Z') },
      );
      const got = whereOf(job.eligibility);
      if (got !== sorted(row.where))
        misses.push(`${row.title} | ${row.location ?? '-'}: got ${got}, label ${row.where}`);
    }
    const right = rows.length - misses.length;
    console.log(
      `[issue 24 §6] titles read as labelled: ${right}/${rows.length} (${((100 * right) / rows.length).toFixed(1)}%)${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(misses).toEqual([]);
  });

  it('shows the restriction in the location text, as the feed and filters read it', () => {
    const job = normaliseJob(
      {
        action: 'posted',
        externalId: 'x',
        title: 'Senior Software Engineer, Xet Storage - EMEA Remote',
        company: 'Hugging Face',
        descriptionHtml: '<p>Build things with us.</p>',
        applicationUrl: 'https://apply.workable.com/huggingface/j/1',
        workplace: 'remote',
      },
      { now: new Date('2026-11-28T00:00:00Z') },
    );
    expect(job.location).toBe('Remote - EMEA');
    expect(job.eligibility?.regions).toEqual(['EMEA']);
    expect(job.isRemote).toBe(true);
  });

  it('says nothing for segments that are not places', () => {
    for (const title of ['Designer (Mobile)', 'Engineer - Payments', 'Head of Remote', 'Sales, Enterprise'])
      expect(titleRestriction(title), title).toBeNull();
  });
});
