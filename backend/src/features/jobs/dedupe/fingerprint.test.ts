import { describe, expect, it } from 'vitest';
import { normaliseJob } from '../normalise';
import {
  companyKey,
  containment,
  minhashOf,
  placeKey,
  shingleHashes,
  similarity,
  titleKey,
} from './fingerprint';

const now = new Date('2026-06-01T00:00:00Z');
const placeOf = (location: string) =>
  placeKey(
    normaliseJob(
      {
        action: 'posted',
        externalId: 'x',
        title: 'Engineer',
        company: 'Acme',
        location,
        descriptionHtml: '<p>Build things.</p>',
        applicationUrl: 'https://acme.example/apply',
      },
      { now },
    ),
  );

describe('duplicate fingerprint', () => {
  it('reads one company under its legal and typographic variants', () => {
    expect(companyKey('Acme, Inc.')).toBe(companyKey('ACME'));
    expect(companyKey('Globex GmbH')).toBe(companyKey('globex'));
    expect(companyKey('The Widget Company')).toBe(companyKey('Widget'));
    expect(companyKey('Acme Robotics')).not.toBe(companyKey('Acme'));
  });

  it('reads one title under seniority synonyms, spellings, noise words and reorderings', () => {
    const key = titleKey('Senior Backend Engineer');
    for (const variant of [
      'Sr. Backend Engineer',
      'Sr Back-End Engineer (Remote)',
      'Backend Engineer, Senior',
      'Senior Back End Engineer - m/f/d',
    ])
      expect(titleKey(variant), variant).toBe(key);
    expect(titleKey('Backend Engineer')).not.toBe(key);
    expect(titleKey('Senior Frontend Engineer')).not.toBe(key);
    expect(titleKey('Software Engineer II')).toBe(titleKey('SWE 2'));
  });

  it('keeps offices apart and reads one place under two spellings', () => {
    expect(placeOf('Remote - US')).toBe(placeOf('Remote (United States)'));
    expect(placeOf('Berlin, Germany')).not.toBe(placeOf('Hybrid - London, UK'));
    expect(placeOf('Remote - Germany')).not.toBe(placeOf('Munich, Germany'));
    expect(placeOf('Remote - EMEA')).not.toBe(placeOf('Remote - US'));
  });

  it('estimates Jaccard with MinHash and sees a shortened copy as contained in the whole', () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i % 350}x${Math.floor(i / 7)}`);
    const whole = `<p>${words.join(' ')}</p>`;
    const half = `<p>${words.slice(0, 200).join(' ')}</p>`;
    const a = shingleHashes(whole);
    const b = shingleHashes(half);
    const fa = { minhash: minhashOf(a), shingles: a.size };
    const fb = { minhash: minhashOf(b), shingles: b.size };
    expect(similarity(fa.minhash, fa.minhash)).toBe(1);
    expect(similarity(fa.minhash, fb.minhash)).toBeGreaterThan(0.35);
    expect(similarity(fa.minhash, fb.minhash)).toBeLessThan(0.65);
    expect(containment(fa, fb)).toBeGreaterThan(0.85);
  });
});
