import { describe, expect, it } from 'vitest';
import { canonicalSkill, extractSkills, findSkills, MAX_SKILLS, SKILLS } from './skills';

describe('skill dictionary', () => {
  it('has at least 150 skills with unique names', () => {
    expect(SKILLS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(SKILLS.map((s) => s.name.toLowerCase())).size).toBe(SKILLS.length);
  });
});

describe('findSkills', () => {
  it('finds skills on word boundaries with canonical casing, in order of mention', () => {
    expect(findSkills('We use typescript, react and node.js on AWS; SQL and Kubernetes.')).toEqual([
      'TypeScript',
      'React',
      'Node.js',
      'AWS',
      'SQL',
      'Kubernetes',
    ]);
  });

  it('handles names with symbols', () => {
    expect(findSkills('Experience with C++, C# and .NET; CI/CD pipelines.')).toEqual([
      'C++',
      'C#',
      '.NET',
      'CI/CD',
    ]);
  });

  it('does not match inside other words', () => {
    expect(findSkills('JavaScript developers')).toEqual(['JavaScript']);
    expect(findSkills('Salesforce admins')).toEqual(['Salesforce']);
    expect(findSkills('a reactive mindset and the rest of the node graph, sparkling')).toEqual([]);
  });

  it('reads Go, Swift and Excel only as the proper names, not as English words', () => {
    expect(findSkills('Go to market with us. You will excel at this.')).toEqual([]);
    expect(findSkills('Our services are written in Go and Rust. You know Swift.')).toEqual([
      'Go',
      'Rust',
      'Swift',
    ]);
    expect(findSkills('Strong skills in Excel and SQL')).toEqual(['Excel', 'SQL']);
  });

  it('reads one-letter languages only in lists', () => {
    expect(findSkills('Python, R, SQL')).toEqual(['Python', 'R', 'SQL']);
    expect(findSkills('Plan C is a good idea. Grade R work.')).toEqual([]);
  });

  it('finds non-technical skills', () => {
    expect(findSkills('SEO, copywriting and HubSpot; Figma for mocks; QuickBooks.')).toEqual([
      'SEO',
      'Copywriting',
      'HubSpot',
      'Figma',
      'QuickBooks',
    ]);
  });
});

describe('extractSkills', () => {
  it('uses the ATS list when given, canonicalised and deduplicated', () => {
    expect(
      extractSkills({
        ats: ['typescript', 'TypeScript', 'Kubernetes', 'Underwater Basket Weaving'],
        title: '',
        description: 'Python',
      }),
    ).toEqual(['TypeScript', 'Kubernetes', 'Underwater Basket Weaving']);
  });

  it('falls back to the dictionary over title and description, at most 15', () => {
    const text = SKILLS.filter((s) => !s.caseSensitive)
      .slice(0, 30)
      .map((s) => s.name)
      .join(', ');
    const skills = extractSkills({ title: 'Engineer', description: text });
    expect(skills).toHaveLength(MAX_SKILLS);
    expect(skills[0]).toBe('TypeScript');
  });

  it('canonicalSkill keeps unknown skills as given', () => {
    expect(canonicalSkill('  postgres ')).toBe('PostgreSQL');
    expect(canonicalSkill('Forklift')).toBe('Forklift');
  });
});
