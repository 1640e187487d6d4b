import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { alertIdFor, matchesAlert, normaliseCriteria, searchUrl, type CandidateJob } from './criteria';
import { closedPeriod } from './digest';
import { alertLinkKeyFrom, alertToken, verifyAlertToken } from './tokens';

const job: CandidateJob = {
  jobId: 'j1',
  title: 'Senior Backend Engineer',
  location: 'Berlin, Germany',
  countryName: 'Germany',
  continent: 'Europe',
  isRemote: true,
  type: 'Full Time',
  experienceLevel: 'Senior',
  salaryMinUsd: 90_000,
  salaryMaxUsd: 110_000,
  eligibility: { worldwide: false, countries: ['DE'], regions: [], timezone: null },
};
const c = (input: Parameters<typeof normaliseCriteria>[0]) => normaliseCriteria(input);

describe('alert criteria', () => {
  it('normalises labels and placeholders, and refuses values the feed cannot mean', () => {
    expect(
      c({
        title: '  Backend  Engineer ',
        experienceLevel: 'Senior Level',
        type: 'full-time',
        salary: '80K-120K',
        location: 'Any Location',
      }),
    ).toEqual({
      title: 'Backend Engineer',
      location: null,
      experienceLevel: 'Senior',
      type: 'Full Time',
      salary: '80k-120k',
      isRemote: false,
    });
    expect(() => c({ experienceLevel: 'Wizard' })).toThrow(HttpError);
    expect(() => c({ location: 'All Atlantis' })).toThrow(HttpError);
  });

  it('gives the same alert id for the same address and criteria, whatever the case', () => {
    const a = alertIdFor('Ada@Example.com', c({ title: 'Engineer' }));
    expect(alertIdFor('ada@example.com', c({ title: 'engineer' }))).toBe(a);
    expect(alertIdFor('ada@example.com', c({ title: 'Designer' }))).not.toBe(a);
    expect(alertIdFor('bob@example.com', c({ title: 'Engineer' }))).not.toBe(a);
  });

  it('matches title word prefixes, places, continents, experience, type, salary overlap and remote', () => {
    expect(matchesAlert(c({}), job)).toBe(true);
    expect(matchesAlert(c({ title: 'backend eng' }), job)).toBe(true);
    expect(matchesAlert(c({ title: 'frontend engineer' }), job)).toBe(false);
    expect(matchesAlert(c({ location: 'Germany' }), job)).toBe(true);
    expect(matchesAlert(c({ location: 'berlin' }), job)).toBe(true);
    expect(matchesAlert(c({ location: 'Europe' }), job)).toBe(true);
    const sf = {
      ...job,
      location: 'San Francisco, CA',
      countryName: 'United States',
      continent: 'North America',
    };
    expect(matchesAlert(c({ location: 'United States' }), sf)).toBe(true);
    expect(matchesAlert(c({ location: 'US' }), sf)).toBe(true);
    expect(
      matchesAlert(c({ location: 'US' }), { ...job, location: 'Remote (US or Canada)', countryName: null }),
    ).toBe(true);
    expect(
      matchesAlert(c({ location: 'US' }), {
        ...job,
        location: 'Sydney, Australia',
        countryName: 'Australia',
      }),
    ).toBe(false);
    expect(matchesAlert(c({ location: 'All Europe' }), job)).toBe(true);
    expect(matchesAlert(c({ location: 'Remote in Asia' }), job)).toBe(false);
    expect(matchesAlert(c({ location: 'Remote (Worldwide)' }), job)).toBe(false);
    expect(matchesAlert(c({ experienceLevel: 'Entry' }), job)).toBe(false);
    expect(matchesAlert(c({ type: 'Contract' }), job)).toBe(false);
    expect(matchesAlert(c({ salary: '80k-120k' }), job)).toBe(true);
    expect(matchesAlert(c({ salary: '150k+' }), job)).toBe(false);
    expect(matchesAlert(c({ salary: '80k-120k' }), { ...job, salaryMinUsd: null, salaryMaxUsd: null })).toBe(
      false,
    );
    expect(matchesAlert(c({ isRemote: true }), { ...job, isRemote: false })).toBe(false);
  });

  it('links to the feed with the same filters', () => {
    expect(searchUrl('https://jobs.example', c({ title: 'Rust dev', isRemote: true }))).toBe(
      'https://jobs.example/?title=Rust+dev&isRemote=true',
    );
    expect(searchUrl('https://jobs.example', c({}))).toBe('https://jobs.example/');
  });
});

describe('alert criteria: where I can work from and my time zone', () => {
  it('reads workFrom, tz and tzHours as the feed does, refusing what it cannot mean', () => {
    expect(c({ workFrom: 'Germany', tz: 'UTC+2', tzHours: 3 })).toMatchObject({
      workFrom: 'DE',
      timezone: { offset: 2, hours: 3 },
    });
    expect(c({ workFrom: 'uk' }).workFrom).toBe('GB');
    expect(c({}).workFrom).toBeUndefined();
    expect(() => c({ workFrom: 'Narnia' })).toThrow(/workFrom.*Unknown country 'Narnia'/);
    expect(() => c({ tz: 'teatime' })).toThrow(/tz.*UTC offset/);
    expect(() => c({ tzHours: 2 })).toThrow(/tzHours.*Needs tz/);
  });

  it('keeps the id of an alert without them, and gives a new one with them', () => {
    const plain = c({ title: 'Engineer' });
    expect(alertIdFor('a@b.c', plain)).toBe(
      alertIdFor('a@b.c', { ...plain, workFrom: null, timezone: null }),
    );
    expect(alertIdFor('a@b.c', c({ title: 'Engineer', workFrom: 'DE' }))).not.toBe(
      alertIdFor('a@b.c', plain),
    );
  });

  it('matches jobs open to the country (worldwide included) and overlapping my hours; unknown ones do not', () => {
    const worldwide = {
      ...job,
      eligibility: { worldwide: true, countries: [], regions: [], timezone: null },
    };
    const emea = {
      ...job,
      eligibility: { worldwide: false, countries: [], regions: ['EMEA' as const], timezone: null },
    };
    const unknown = { ...job, eligibility: null };
    const germany = c({ workFrom: 'DE' });
    expect([job, worldwide, emea, unknown].map((j) => matchesAlert(germany, j))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(matchesAlert(c({ workFrom: 'BR' }), job)).toBe(false);
    expect(matchesAlert(c({ tz: 'UTC-5', tzHours: 3 }), job)).toBe(false);
    expect(matchesAlert(c({ tz: 'UTC+3', tzHours: 1 }), job)).toBe(true);
    expect(matchesAlert(c({ tz: 'UTC+3' }), unknown)).toBe(false);
    expect(matchesAlert(c({ tz: 'UTC+9' }), worldwide)).toBe(true);
  });

  it('links to the feed with the same workFrom and tz', () => {
    expect(searchUrl('https://jobs.example', c({ workFrom: 'Germany', tz: 'UTC-3', tzHours: 2 }))).toBe(
      'https://jobs.example/?workFrom=DE&tz=UTC-3&tzHours=2',
    );
  });
});

describe('digest periods', () => {
  it('daily: the UTC day before the run; weekly: the ISO week before the run', () => {
    expect(closedPeriod('daily', new Date('2026-03-04T15:00:00Z'))).toEqual({
      key: '2026-03-03',
      end: new Date('2026-03-04T00:00:00Z'),
    });
    // Wednesday 2026-03-04: the week before is Mon 2026-02-23 .. Sun 2026-03-01 (ISO week 9).
    expect(closedPeriod('weekly', new Date('2026-03-04T15:00:00Z'))).toEqual({
      key: '2026-W09',
      end: new Date('2026-03-02T00:00:00Z'),
    });
    // Across a year: Friday 2021-01-08 → the week before is 2020-W53.
    expect(closedPeriod('weekly', new Date('2021-01-08T00:00:00Z')).key).toBe('2020-W53');
  });
});

describe('alert link tokens', () => {
  const key = alertLinkKeyFrom('secret-secret-secret-secret-secret!');
  const id = '0d01db89-e788-5f8f-9c28-dcf0b7417395';
  it('round-trip for their purpose only and resist tampering', () => {
    const unsubscribe = alertToken(key, id, 'unsubscribe');
    expect(verifyAlertToken(key, unsubscribe, 'unsubscribe')).toBe(id);
    expect(verifyAlertToken(key, unsubscribe, 'confirm')).toBeNull();
    expect(
      verifyAlertToken(alertLinkKeyFrom('another-secret-another-secret-xx'), unsubscribe, 'unsubscribe'),
    ).toBeNull();
    const tampered = unsubscribe.slice(0, -1) + (unsubscribe.endsWith('A') ? 'B' : 'A');
    expect(verifyAlertToken(key, tampered, 'unsubscribe')).toBeNull();
    expect(verifyAlertToken(key, 'garbage', 'unsubscribe')).toBeNull();
  });
});
