import { describe, expect, it } from 'vitest';
import { excerptOf, htmlToText, truncate } from './text';
import { toUsdPerYear } from './salary';

describe('excerptOf', () => {
  it('starts at a responsibilities-like section', () => {
    const html =
      '<p>Acme is the leading rocket company, founded in 1950 with offices everywhere.</p><h3>What you&#39;ll do</h3><ul><li>Ship features</li><li>Fix bugs</li></ul>';
    expect(excerptOf(html)).toBe('Ship features Fix bugs');
  });

  it('skips an About us section when no responsibilities heading exists', () => {
    const html = '<h2>About us</h2><p>We are great.</p><h2>The work</h2><p>Write Go services.</p>';
    expect(excerptOf(html)).toBe('Write Go services.');
  });

  it('falls back to the start and cuts at a word boundary within the limit', () => {
    const text = 'word '.repeat(100);
    const excerpt = excerptOf(`<p>${text}</p>`);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('\u2026')).toBe(true);
    expect(excerpt).not.toMatch(/wor\u2026$/);
  });
});

describe('htmlToText and truncate', () => {
  it('strips markup and decodes entities', () => {
    expect(htmlToText('<p>R&amp;D &lt;3</p><script>x()</script><ul><li>a</li></ul>')).toBe('R&D <3 a');
    expect(truncate('short', 10)).toBe('short');
  });
});

describe('toUsdPerYear', () => {
  it('converts currency and period', () => {
    expect(toUsdPerYear(100_000, 'USD', 'YEAR')).toBe(100_000);
    expect(toUsdPerYear(50, null, 'HOUR')).toBe(104_000);
    expect(toUsdPerYear(5000, 'EUR', 'MONTH')).toBe(64_800);
    expect(toUsdPerYear(100, 'XYZ', 'YEAR')).toBeNull();
    expect(toUsdPerYear(null, 'USD', 'YEAR')).toBeNull();
  });
});
