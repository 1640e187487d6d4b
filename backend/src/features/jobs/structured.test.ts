import { describe, expect, it } from 'vitest';
import { classifyHeading, excerptSource, splitDescription } from './structured';

const greenhouseLike =
  '<p>We are hiring a data engineer to scale our pipelines.</p>' +
  '<h2>About Acme</h2><p>Acme builds rockets for everyone.</p>' +
  "<h3>What you'll do</h3><ul><li>Build pipelines</li><li>Own the warehouse</li></ul>" +
  '<h3>Requirements</h3><ul><li>3+ years of Python</li><li>SQL</li></ul>' +
  '<h3>Nice to have</h3><ul><li>Airflow</li></ul>' +
  '<h3>Benefits</h3><ul><li>Remote work</li><li>Equity</li></ul>' +
  '<h3>Equal Opportunity</h3><p>Acme is an equal opportunity employer.</p>';

describe('splitDescription', () => {
  it('splits by headings and the lists below them, leaving company boilerplate out', () => {
    expect(splitDescription(greenhouseLike)).toEqual({
      description: '<p>We are hiring a data engineer to scale our pipelines.</p>',
      responsibilities: ['Build pipelines', 'Own the warehouse'],
      requirements: ['3+ years of Python', 'SQL', 'Airflow'],
      benefits: ['Remote work', 'Equity'],
    });
  });

  it('reads bold paragraphs and short lines ending in a colon as headings', () => {
    const html =
      '<p>Join our support team.</p>' +
      '<p><strong>Responsibilities</strong></p><ul><li>Answer tickets</li></ul>' +
      '<p>What we are looking for:</p><ul><li>Patience</li></ul>' +
      '<p><b>Perks &amp; Benefits</b></p><p>Four-day week.</p>';
    expect(splitDescription(html)).toEqual({
      description: '<p>Join our support team.</p>',
      responsibilities: ['Answer tickets'],
      requirements: ['Patience'],
      benefits: ['Four-day week.'],
    });
  });

  it("reads a bold lead-in followed by a line break as a heading ('<strong>What you bring</strong><br>...')", () => {
    const html =
      '<p><strong>What you bring</strong><br>Five years of Go.</p><p><strong>The role:</strong><br>Own the API.</p>';
    expect(splitDescription(html)).toMatchObject({
      requirements: ['Five years of Go.'],
      responsibilities: ['Own the API.'],
    });
  });

  it('looks inside wrapping divs', () => {
    const html =
      '<div><div><h2>Your impact</h2><ul><li>Ship</li></ul></div><div><h2>About you</h2><ul><li>Curious</li></ul></div></div>';
    expect(splitDescription(html)).toMatchObject({ responsibilities: ['Ship'], requirements: ['Curious'] });
  });

  it('keeps unrecognised sections in the description with their headings', () => {
    const html =
      '<p>Intro.</p><h3>Our tech stack</h3><p>TypeScript and Postgres.</p><h3>Requirements</h3><ul><li>TS</li></ul>';
    expect(splitDescription(html)).toEqual({
      description: '<p>Intro.</p><h3>Our tech stack</h3><p>TypeScript and Postgres.</p>',
      responsibilities: [],
      requirements: ['TS'],
      benefits: [],
    });
  });

  it('falls back to the boilerplate when the description has nothing else', () => {
    const html = '<h2>About us</h2><p>We make tools.</p><h2>Requirements</h2><ul><li>Care</li></ul>';
    expect(splitDescription(html).description).toBe('<h2>About us</h2><p>We make tools.</p>');
  });

  it('returns the whole description when it has no headings', () => {
    const html = '<p>Just a paragraph about the job.</p><ul><li>a list</li></ul>';
    expect(splitDescription(html)).toEqual({
      description: html,
      responsibilities: [],
      requirements: [],
      benefits: [],
    });
  });

  it('copes with hostile nesting', () => {
    const html = '<div>'.repeat(5000) + '<p>deep</p>' + '</div>'.repeat(5000);
    expect(splitDescription(html).description).toContain('deep');
  });

  it('is deterministic', () => {
    expect(splitDescription(greenhouseLike)).toEqual(splitDescription(greenhouseLike));
  });
});

describe('classifyHeading', () => {
  it.each([
    ['Responsibilities', 'responsibilities'],
    ['What You’ll Do', 'responsibilities'],
    ['About the role', 'responsibilities'],
    ['Your impact', 'responsibilities'],
    ['Qualifications:', 'requirements'],
    ['What you bring', 'requirements'],
    ['Must have', 'requirements'],
    ['About you', 'requirements'],
    ['Who you are', 'requirements'],
    ['Perks', 'benefits'],
    ['What we offer', 'benefits'],
    ['Compensation & Benefits', 'benefits'],
    ['About us', 'boilerplate'],
    ['About Acme', 'boilerplate'],
    ['Who we are', 'boilerplate'],
    ['Our tech stack', null],
  ])('%j → %s', (heading, section) => {
    expect(classifyHeading(heading)).toBe(section);
  });
});

describe('excerptSource', () => {
  it('starts at the responsibilities section, leaving boilerplate out', () => {
    expect(excerptSource(greenhouseLike)).toBe(
      'Build pipelines Own the warehouse 3+ years of Python SQL Airflow Remote work Equity',
    );
  });

  it('skips a leading About us when there is no responsibilities section', () => {
    expect(excerptSource('<h2>About us</h2><p>We make tools.</p><h2>Tech</h2><p>We use Go.</p>')).toBe(
      'We use Go.',
    );
  });

  it('works on plain text', () => {
    const text =
      'About us\nWe are Acme.\nResponsibilities:\n- Build things\n- Fix things\nRequirements:\n- Go';
    expect(excerptSource(text)).toBe('Build things Fix things Go');
  });

  it('returns all the text when nothing can be recognised', () => {
    expect(excerptSource('<p>Hello world.</p>')).toBe('Hello world.');
  });
});
