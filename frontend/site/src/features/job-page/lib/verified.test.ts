import { describe, expect, it } from 'vitest';
import { timeAgo, verifiedText } from './verified';

const NOW = new Date('2026-05-04T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const HOUR = 3600_000;

describe('verifiedText', () => {
  it('names the ATS, the ingestion source, or no one, and how long ago', () => {
    expect(
      verifiedText({ lastConfirmedAt: ago(3 * HOUR), confirmedBy: { kind: 'ats', name: 'Greenhouse' } }, NOW),
    ).toBe('Verified on Greenhouse 3 hours ago');
    expect(
      verifiedText(
        { lastConfirmedAt: ago(49 * HOUR), confirmedBy: { kind: 'source', name: 'Remote feed bot' } },
        NOW,
      ),
    ).toBe('Verified by Remote feed bot 2 days ago');
    expect(verifiedText({ lastConfirmedAt: ago(5 * 60_000), confirmedBy: null }, NOW)).toBe(
      'Verified 5 minutes ago',
    );
  });

  it('says nothing without a confirmation time', () => {
    expect(verifiedText({ lastConfirmedAt: null, confirmedBy: null }, NOW)).toBeNull();
    expect(verifiedText({}, NOW)).toBeNull();
    expect(verifiedText({ lastConfirmedAt: 'not a date' }, NOW)).toBeNull();
  });

  it('counts in minutes, hours, days; a time ahead of the clock is just now', () => {
    expect(timeAgo(ago(30_000), NOW)).toBe('just now');
    expect(timeAgo(ago(-HOUR), NOW)).toBe('just now');
    expect(timeAgo(ago(60_000), NOW)).toBe('1 minute ago');
    expect(timeAgo(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(timeAgo(ago(24 * HOUR), NOW)).toBe('1 day ago');
  });
});
