/**
 * The job description's sections (spec section 3, Description sections): from the structured API, or,
 * when that fails, found client-side by heading keywords in the sanitised description.
 */
import { htmlToLines } from '../../../lib/text/excerpt';
import type { StructuredJob } from '../api/get-structured-job';

export interface JobSections {
  description: string[];
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
}

type SectionName = keyof JobSections;

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

function lines(value: string | string[] | null | undefined): string[] {
  if (!value) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => htmlToLines(item.replace(/\n/g, '<br>')));
}

/** The structured API's answer as lines per section (it may send text or lists, plain or marked up). */
export function fromStructured(structured: StructuredJob): JobSections {
  return {
    description: lines(structured.description),
    responsibilities: lines(structured.responsibilities),
    requirements: lines(structured.requirements),
    benefits: lines(structured.benefits),
  };
}
