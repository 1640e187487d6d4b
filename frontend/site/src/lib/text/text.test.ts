import { describe, expect, it } from 'vitest';
import { cardAge, relativeAge, updatedAgo } from './relative-age';
import * as contracts from '@jobs/contracts/description-text';
import { excerptOf } from '@jobs/contracts/description-text';
import { cardExcerpt, CARD_EXCERPT_LENGTH, MIN_DESCRIPTION_LENGTH, truncate } from './excerpt';
import { feedHeading, filterWords, formatCount } from './heading';
import { seoKeywords } from './keywords';
import { highlightParts } from './highlight';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('relativeAge', () => {
  it.each([
    [0, 'just now'],
    [59 * MIN, 'just now'],
    [HOUR - 1, 'just now'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MIN, '23h ago'],
    [24 * HOUR, '1d ago'],
    [167 * HOUR, '6d ago'],
    [168 * HOUR, '1w ago'],
    [5 * 168 * HOUR, '5w ago'],
  ])('%i ms old reads %s', (ms, expected) => {
    expect(relativeAge(ago(ms), now)).toBe(expected);
  });

  it('a date in the future reads as just now, a broken date too', () => {
    expect(relativeAge(ago(-5 * HOUR), now)).toBe('just now');
    expect(relativeAge('not a date', now)).toBe('just now');
  });

  it('the card age is minutes, hours or days', () => {
    expect(cardAge(ago(30 * 1000), now)).toBe('just now');
    expect(cardAge(ago(5 * MIN), now)).toBe('5m ago');
    expect(cardAge(ago(3 * HOUR), now)).toBe('3h ago');
    expect(cardAge(ago(30 * 24 * HOUR), now)).toBe('30d ago');
  });

  it('updated ago counts minutes for a recent fetch', () => {
    expect(updatedAgo(now.getTime() - 10_000, now.getTime())).toBe('just now');
    expect(updatedAgo(now.getTime() - 2 * MIN, now.getTime())).toBe('2 min ago');
    expect(updatedAgo(now.getTime() - 2 * HOUR, now.getTime())).toBe('2h ago');
  });
});

describe('excerpt', () => {
  it('skips an About us section and starts at the responsibilities', () => {
    const html =
      '<h3>About us</h3><p>We are Acme, the leading maker of everything since 1901.</p>' +
      "<h3>What you'll do</h3><ul><li>Build the payments API</li><li>Own the on-call rota</li></ul>";
    expect(excerptOf(html)).toBe('Build the payments API Own the on-call rota');
  });

  it('starts at a responsibilities heading anywhere in the text', () => {
    const html =
      '<p>Acme is a fast-growing company with offices in five countries.</p><p>Responsibilities</p><p>Ship features.</p>';
    expect(excerptOf(html)).toBe('Ship features.');
  });

  it('without boilerplate it starts at the top and decodes entities', () => {
    expect(excerptOf('<p>Design &amp; build things&nbsp;people love.</p>')).toBe(
      'Design & build things people love.',
    );
  });

  it('is at most 200 characters in the feed, cut at a word, with an ellipsis', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const text = excerptOf(long);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text.endsWith('word\u2026')).toBe(true);
    expect(truncate('short', 10)).toBe('short');
  });

  it('is at most 150 characters on cards, cut from the server excerpt as from the description', () => {
    const description = `<p>${'lorem ipsum '.repeat(40)}</p>`;
    const job = { title: 'Engineer', company: 'Acme', excerpt: excerptOf(description) };
    expect(cardExcerpt(job).length).toBeLessThanOrEqual(150);
    // The 200-character feed excerpt shortened on the card reads as the description's own 150-character excerpt.
    expect(cardExcerpt(job)).toBe(excerptOf(description, 150));
  });

  it('falls back to a sentence when the excerpt has under 20 characters', () => {
    const base = { title: 'Data Engineer', company: 'Acme' };
    expect(cardExcerpt({ ...base, excerpt: 'Apply now' })).toBe(
      'Data Engineer at Acme. Visit website for details.',
    );
    expect(cardExcerpt({ ...base })).toBe('Data Engineer at Acme. Visit website for details.');
    expect(cardExcerpt({ ...base, excerpt: 'Exactly twenty chars' })).toBe('Exactly twenty chars');
  });

  it('the server falls back to the company description (jobExcerpt)', () => {
    const short = excerptOf('<p>Apply now</p>');
    expect(contracts.jobExcerpt(short, 'Acme builds rockets for small satellites.')).toBe(
      'Acme builds rockets for small satellites.',
    );
    expect(contracts.jobExcerpt(short, null)).toBe('Apply now');
    expect(contracts.jobExcerpt(short, 'Too short')).toBe('Apply now');
    expect(contracts.jobExcerpt('Exactly twenty chars', 'Acme builds rockets for small satellites.')).toBe(
      'Exactly twenty chars',
    );
  });

  it("uses the contracts' lengths", () => {
    expect(CARD_EXCERPT_LENGTH).toBe(contracts.CARD_EXCERPT_LENGTH);
    expect(MIN_DESCRIPTION_LENGTH).toBe(contracts.MIN_DESCRIPTION_LENGTH);
  });
});

describe('feed heading', () => {
  it('groups counts by thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, -4500, 1234.5])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('unfiltered reads the total count', () => {
    expect(feedHeading({ filters: {}, totalCount: 102345, filteredTotal: 20 })).toBe(
      '102,345 Remote & Hybrid Jobs',
    );
    expect(feedHeading({ filters: { title: '  ' }, totalCount: 5, filteredTotal: 1 })).toBe(
      '5 Remote & Hybrid Jobs',
    );
  });

  it('filtered reads the feed total and the filters', () => {
    expect(
      feedHeading({
        filters: { experienceLevel: 'Senior', type: 'Full Time' },
        totalCount: 999,
        filteredTotal: 42,
      }),
    ).toBe('42 Senior Full Time Jobs');
    expect(
      filterWords({ isRemote: false, title: 'react native', location: 'All Europe', salary: '80k-120k' }),
    ).toBe('On-site React Native Europe $80k-120k');
    expect(filterWords({ experienceLevel: 'Entry', isRemote: true })).toBe('Remote & Hybrid Entry Level');
  });

  it("reads 'I can work from' and the time zone, so a filtered count never sits under the unfiltered words", () => {
    expect(feedHeading({ filters: { workFrom: 'Germany' }, totalCount: 3000, filteredTotal: 782 })).toBe(
      '782 Work-from-Germany Jobs',
    );
    expect(feedHeading({ filters: { tz: 'UTC-3', tzHours: '2' }, totalCount: 3000, filteredTotal: 41 })).toBe(
      '41 UTC\u22123 \u00b12h Jobs',
    );
    expect(filterWords({ tz: 'UTC+1' })).toBe('UTC+1');
    expect(filterWords({ title: 'go', workFrom: 'DE', tz: 'UTC', tzHours: '' })).toBe('Go Work-from-DE UTC');
  });

  it('is null while its number is unknown', () => {
    expect(feedHeading({ filters: {}, totalCount: undefined, filteredTotal: 3 })).toBeNull();
    expect(
      feedHeading({ filters: { type: 'Contract' }, totalCount: 3, filteredTotal: undefined }),
    ).toBeNull();
  });
});

describe('seo keywords', () => {
  it('skips empty and all, lower-cases and keeps each once', () => {
    expect(seoKeywords(['React', '', undefined, 'all', 'ALL', ' Full  Time ', 'react', null])).toEqual([
      'react',
      'full time',
    ]);
  });
});

describe('highlight', () => {
  it('marks every search word, case-insensitively', () => {
    expect(highlightParts('Senior React Engineer (react)', 'react senior')).toEqual([
      { text: 'Senior', match: true },
      { text: ' ', match: false },
      { text: 'React', match: true },
      { text: ' Engineer (', match: false },
      { text: 'react', match: true },
      { text: ')', match: false },
    ]);
  });

  it('ignores one-letter words and escapes regex characters', () => {
    expect(highlightParts('C++ developer', 'c++ a')).toEqual([
      { text: 'C++', match: true },
      { text: ' developer', match: false },
    ]);
    expect(highlightParts('Plain', '')).toEqual([{ text: 'Plain', match: false }]);
  });
});
