import { describe, expect, it } from 'vitest';
import { articleFor, countWords, joinList, withArticle } from './text';
import { searchWords } from '@jobs/search/text';

describe('articles', () => {
  it.each([
    ['Engineering Manager', 'an'],
    ['Observability Engineer', 'an'],
    ['iOS Engineer', 'an'],
    ['SEO Specialist', 'an'],
    ['SRE', 'an'],
    ['MLOps Engineer', 'an'],
    ['HR Business Partner', 'an'],
    ['NLP Researcher', 'an'],
    ['hour', 'an'],
    ['honest answer', 'an'],
    ['8-week course', 'an'],
    ['11-person team', 'an'],
    ['UX Designer', 'a'],
    ['QA Automation Engineer', 'a'],
    ['Head of Data', 'a'],
    ['user', 'a'],
    ['Unity Developer', 'a'],
    ['European bank', 'a'],
    ['one-off fee', 'a'],
    ['10-day trip', 'a'],
    ['Senior Backend Engineer', 'a'],
    ['Umbraco site', 'an'],
  ])('%s takes "%s"', (word, article) => {
    expect(articleFor(word)).toBe(article);
  });

  it('puts the article before the word', () => {
    expect(withArticle('Engineering Manager')).toBe('an Engineering Manager');
  });
});

describe('lists and words', () => {
  it('joins lists as English does', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['Go'])).toBe('Go');
    expect(joinList(['Go', 'Rust'])).toBe('Go and Rust');
    expect(joinList(['Go', 'Rust', 'Zig'], 'or')).toBe('Go, Rust or Zig');
  });

  it('counts words as the search tokenizer splits them', () => {
    for (const text of [
      'A 30-minute call with Zoë Kowalczyk, our recruiter',
      '€60,000 – €75,000 per year; “quoted” text… and Łódź',
      'Nguyễn Thị Mai (Backend) and Đức Trí',
    ])
      expect(countWords(text), text).toBe(searchWords(text).length);
  });
});
