import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Eligibility, Workplace } from '@jobs/contracts';
import { mergeEligibility, readEligibility, readTimezone } from './where';
import { detectWorkplace } from './workplace';

const none = { worldwide: false, countries: [], regions: [], timezone: null };

describe('readEligibility: where applicants may live and work', () => {
  it.each<[string, Partial<Eligibility>]>([
    ['Remote - US', { countries: ['US'] }],
    ['Remote (EMEA)', { regions: ['EMEA'] }],
    ['Remote, UTC-3 to UTC+3', { timezone: { min: -3, max: 3 } }],
    ['Remote, UTC−3 – UTC+3', { timezone: { min: -3, max: 3 } }],
    ['Anywhere', { worldwide: true }],
    ['Remote - Canada or US', { countries: ['CA', 'US'] }],
    ['Remote - Latin America', { regions: ['LATAM'] }],
    ['Remote (EU)', { regions: ['EU'] }],
    ['CET +/- 3 HOURS', { timezone: { min: -2, max: 4 } }],
    ['Pacific Time (PST) to Central European Time (CET)', { timezone: { min: -8, max: 1 } }],
    ['UTC-8 (Pacific) to UTC+1 (Central Europe)', { timezone: { min: -8, max: 1 } }],
    ['Remote - US, EST preferred', { countries: ['US'], timezone: { min: -5, max: -5 } }],
    ['Remote (India), IST', { countries: ['IN'], timezone: { min: 5.5, max: 5.5 } }],
    ['Berlin, Germany', { countries: ['DE'] }],
    ['Moscow, ID', { countries: ['US'] }],
    ['Vienna, VA', { countries: ['US'] }],
    ['Berlin, DE', { countries: ['DE'] }],
    ['South Africa', { countries: ['ZA'] }],
    ['Anywhere in the United States', { countries: ['US'] }],
    ['Everywhere between timezones UTC-5 and UTC+3.', { timezone: { min: -5, max: 3 } }],
    ['USA, Worldwide', { worldwide: true }],
    ['Lisbon, PT', { countries: ['PT'] }],
  ])('%j', (text, expected) => {
    expect(readEligibility(text)).toEqual({ ...none, ...expected });
  });

  it('says nothing for a bare Remote, an empty text or Not specified: unknown is not worldwide', () => {
    expect(readEligibility('Remote')).toBeNull();
    expect(readEligibility('')).toBeNull();
    expect(readEligibility(null)).toBeNull();
    expect(readEligibility('Not specified')).toBeNull();
    expect(readEligibility('Multiple Locations')).toBeNull();
  });

  it('does not read a time word as a place, nor a place code as a zone', () => {
    expect(readTimezone('Remote - Asia Pacific').timezone).toBeNull();
    expect(readEligibility('Remote - Asia Pacific')).toEqual({ ...none, regions: ['APAC'] });
    expect(readEligibility('Porto, PT')).toEqual({ ...none, countries: ['PT'] });
    expect(readEligibility('US time zones')).toEqual({ ...none, timezone: { min: -8, max: -5 } });
  });

  it('merges a job’s several locations; worldwide wins and zones widen', () => {
    expect(
      mergeEligibility([
        readEligibility('Remote - US'),
        null,
        readEligibility('Toronto, ON'),
        readEligibility('UTC-5'),
      ]),
    ).toEqual({ worldwide: false, countries: ['US', 'CA'], regions: [], timezone: { min: -5, max: -5 } });
    expect(mergeEligibility([readEligibility('Remote - US'), readEligibility('Worldwide')])).toEqual({
      ...none,
      worldwide: true,
    });
    expect(mergeEligibility([null, null])).toBeNull();
  });
});

interface Labelled {
  text: string;
  vendor: Workplace | null;
  workplace: Workplace;
  where: string;
  tz: string;
  source: string;
}

function loadLabelled(): Labelled[] {
  const file = fs.readFileSync(path.join(import.meta.dirname, 'where-labelled.txt'), 'utf8');
  return file
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [text, vendor, workplace, where, tz, source] = line.split(' | ').map((c) => c.trim());
      return {
        text: text!,
        vendor: vendor === '-' ? null : (vendor as Workplace),
        workplace: workplace as Workplace,
        where: where!,
        tz: tz!,
        source: source!,
      };
    });
}

function whereOf(e: Eligibility | null): string {
  if (!e || (!e.worldwide && !e.countries.length && !e.regions.length)) return '-';
  if (e.worldwide) return 'worldwide';
  return [...e.regions.map((r) => `@${r}`), ...e.countries].sort().join(',');
}
const sortedWhere = (where: string) =>
  where === '-' || where === 'worldwide' ? where : where.split(',').sort().join(',');
const tzOf = (e: Eligibility | null) => (e?.timezone ? `${e.timezone.min}..${e.timezone.max}` : '-');

describe('the labelled set of real location strings', () => {
  const rows = loadLabelled();

  it('has at least 200 strings from at least 5 sources, none twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(new Set(rows.map((r) => r.source)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
  });

  it('is read with at least 95% accuracy (workplace, where and time zone all right)', () => {
    const misses: string[] = [];
    let workplaceRight = 0;
    let whereRight = 0;
    let tzRight = 0;
    for (const row of rows) {
      const e = readEligibility(row.text);
      const workplace = detectWorkplace({ workplace: row.vendor, location: row.text }).workplace;
      const w = workplace === row.workplace;
      const p = whereOf(e) === sortedWhere(row.where);
      const t = tzOf(e) === row.tz;
      workplaceRight += Number(w);
      whereRight += Number(p);
      tzRight += Number(t);
      if (!(w && p && t))
        misses.push(
          `  ${JSON.stringify(row.text)}: got ${workplace} | ${whereOf(e)} | ${tzOf(e)}; want ${row.workplace} | ${sortedWhere(row.where)} | ${row.tz}`,
        );
    }
    const accuracy = (rows.length - misses.length) / rows.length;
    const pct = (n: number) => `${((100 * n) / rows.length).toFixed(1)}%`;
    console.log(
      `where-parser accuracy on ${rows.length} real location strings: ${pct(rows.length - misses.length)} ` +
        `(workplace ${pct(workplaceRight)}, where ${pct(whereRight)}, time zone ${pct(tzRight)})\n` +
        `misses:\n${misses.join('\n')}`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
