/**
 * The fallback when the structured API fails (spec section 3): the sections found by heading keywords in the
 * sanitised description. A module of its own, loaded only when needed: the server always sends the
 * structured sections, so a page's first view never needs these patterns (issue 23: JavaScript budget).
 */
import { htmlToLines } from '@jobs/contracts/html-lines';
import type { JobSections, SectionName } from './sections';

const HEADINGS: [SectionName, RegExp][] = [
  [
    'responsibilities',
    /\b(responsibilit(y|ies)|duties|what you('|\u2019)?ll (do|be doing)|what you will (do|be doing)|in this role|your role|the role|day[- ]to[- ]day|your mission|your impact)\b/i,
  ],
  [
    'requirements',
    /\b(requirements?|qualifications?|what you('|\u2019)?ll (need|bring)|what you (need|bring)|who you are|about you|you (have|bring)|must[- ]haves?|nice[- ]to[- ]haves?|skills|experience|what we('|\u2019)?re looking for|what we are looking for)\b/i,
  ],
  [
    'benefits',
    /\b(benefits?|perks|what we offer|we offer|compensation|why (join|work)|what('|\u2019)?s in it for you|what you('|\u2019)?ll get|our offer)\b/i,
  ],
];

/** A short line that reads like a heading ('Responsibilities', 'What you'll do:'). */
function headingSection(line: string): SectionName | 'other' | null {
  const looksLikeHeading = line.length <= 60 && !/[.!?;]$/.test(line) && line.split(' ').length <= 8;
  if (!looksLikeHeading) return null;
  for (const [name, pattern] of HEADINGS) if (pattern.test(line)) return name;
  // 'About Acme', 'Our culture': a heading we do not sort goes with the description.
  return /:$/.test(line) || /^(about|our|the company|who we are)\b/i.test(line) ? 'other' : null;
}

/** Splits sanitised description HTML into sections by its headings; text before any heading is the description. */
export function splitByHeadings(html: string): JobSections {
  const sections: JobSections = { description: [], responsibilities: [], requirements: [], benefits: [] };
  let current: SectionName = 'description';
  for (const line of htmlToLines(html)) {
    const heading = headingSection(line);
    if (heading) {
      current = heading === 'other' ? 'description' : heading;
      if (heading === 'other') sections.description.push(line);
      continue;
    }
    sections[current].push(line);
  }
  return sections;
}
