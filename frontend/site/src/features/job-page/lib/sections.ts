/**
 * The job description's sections (spec section 3, Description sections): from the structured API, or,
 * when that fails, found client-side by heading keywords in the sanitised description (split-by-headings.ts,
 * loaded only then).
 */
import { htmlToLines } from '@jobs/contracts/html-lines';
import type { StructuredJob } from '../api/get-structured-job';

export interface JobSections {
  description: string[];
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
}

export type SectionName = keyof JobSections;

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
