import { describe, expect, it } from 'vitest';
import { jobIdFor, jobStreamId, MAX_SLUG_LENGTH, publicIdFor, slugFor } from './job';

const jobId = '3f9a2c41-7b8d-5e2f-9a1b-0c4d5e6f7a8b';

describe('job identity', () => {
  it('derives the same UUID from the same source and external id, and different ones otherwise', () => {
    expect(jobIdFor('greenhouse:acme', '4012')).toBe(jobIdFor('greenhouse:acme', '4012'));
    expect(jobIdFor('greenhouse:acme', '4012')).not.toBe(jobIdFor('greenhouse:acme', '4013'));
    expect(jobIdFor('greenhouse:acme', '4012')).not.toBe(jobIdFor('lever:acme', '4012'));
    expect(jobIdFor('greenhouse:acme', '4012')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(jobStreamId(jobId)).toBe(`job-${jobId}`);
  });

  it('derives a stable positive public id below 2^47', () => {
    const id = publicIdFor(jobId);
    expect(id).toBe(publicIdFor(jobId));
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBeGreaterThan(0);
    expect(id).toBeLessThan(2 ** 47);
    expect(publicIdFor(jobIdFor('s', '1'))).not.toBe(publicIdFor(jobIdFor('s', '2')));
  });

  it('gives distinct public ids to 20,000 jobs', () => {
    const ids = new Set(Array.from({ length: 20_000 }, (_, i) => publicIdFor(jobIdFor('s', String(i)))));
    expect(ids.size).toBe(20_000);
  });
});

describe('slugFor', () => {
  it('joins title, company and 6 hex characters of the job id', () => {
    expect(slugFor('Senior React Developer', 'Acme', jobId)).toBe('senior-react-developer-acme-3f9a2c');
  });

  it('folds accents and drops punctuation', () => {
    expect(slugFor('Développeur·se Back-end (Node.js) — Zürich', 'Société Générale & Co.', jobId)).toBe(
      'developpeur-se-back-end-node-js-zurich-societe-generale-and-co-3f9a2c',
    );
  });

  it('cuts long titles on a word, within the maximum', () => {
    const slug = slugFor(
      'Principal Software Engineer '.repeat(6),
      'A Very Long Company Name Incorporated',
      jobId,
    );
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^principal-software-engineer-[a-z0-9-]*[a-z0-9]-3f9a2c$/);
    expect(slug).not.toMatch(/--/);
  });

  it('still gives a slug for titles without Latin letters', () => {
    expect(slugFor('エンジニア', '株式会社', jobId)).toBe('job-3f9a2c');
  });
});
