/**
 * The description's tsvector sent as a literal (descriptionVector in postgres.ts) must be exactly what
 * setweight(to_tsvector('simple', words), 'D') gives for the same words: demo descriptions, and words at the edges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToText } from '@jobs/contracts/description-text';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db';
import { generateJobs } from '../../backend/src/features/seed/generate';
import { descriptionVector } from './postgres';
import { searchWords } from './text';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('search_vector');
});
afterAll(async () => {
  await db?.drop();
});

/** How descriptionVector's two forms compare in PostgreSQL: [literal used, equal to to_tsvector's]. */
async function compare(words: string[]): Promise<[boolean, boolean]> {
  const v = descriptionVector(words);
  const { rows } = await db.pool.query<{ same: boolean }>(
    `select coalesce($1::tsvector, setweight(to_tsvector('simple', $2), 'D'))
            = setweight(to_tsvector('simple', $3), 'D') as same`,
    [v.description_tsv, v.description_words, words.join(' ')],
  );
  return [v.description_tsv !== null, rows[0]!.same];
}

describe('descriptionVector', () => {
  it('gives to_tsvector’s tsvector for 300 demo descriptions', async () => {
    const jobs = generateJobs({ count: 300, now: new Date('2026-11-20T12:00:00Z') });
    let literal = 0;
    for (const job of jobs) {
      if (!('descriptionHtml' in job) || typeof job.descriptionHtml !== 'string') continue;
      const words = [...new Set(searchWords(htmlToText(job.descriptionHtml, 2000)))];
      const [used, same] = await compare(words);
      expect(same).toBe(true);
      if (used) literal++;
    }
    expect(literal).toBeGreaterThan(250);
  });

  it('gives the same for digits, mixed words, spelled-out symbols, and leaves other words to to_tsvector', async () => {
    const cases = [
      ['0123', '1e5', 'v2', 'cpp', 'csharp', 'a', 'x'],
      ['42', '3', '2026', 'k8s', 'utf8', 'ipv6', 'iso27001'],
      ['café', 'naïve', 'zürich'], // not plain ASCII: to_tsvector
      ['b'.repeat(2100)], // too long for a lexeme: to_tsvector drops it
      [],
    ];
    const used = [];
    for (const words of cases) {
      const [literal, same] = await compare(words);
      expect(same, words.join(' ')).toBe(true);
      used.push(literal);
    }
    expect(used).toEqual([true, true, false, false, false]);
  });
});
