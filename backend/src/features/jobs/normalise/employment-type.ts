/**
 * Employment type labels from ATS values ('FullTime', 'full-time', 'Permanent', 'Contractor',
 * 'Fixed term (12 months)') or, when the ATS has none, from the title. Default: Full Time (spec
 * section 9). The two program types of the spec's filter are named Internship and Apprenticeship.
 */
import type { EmploymentType } from '@jobs/contracts';

export { JOB_TYPE_FILTER_OPTIONS, EMPLOYMENT_TYPES } from '@jobs/contracts';

type Rule = readonly [RegExp, EmploymentType];

function contractLength(text: string): EmploymentType | null {
  if (/\b(12|twelve)[\s-]*months?\b|\b(1|one)[\s-]*years?\b|\bannual contract\b/i.test(text))
    return '12-month Contract';
  if (/\b(6|six)[\s-]*months?\b/i.test(text)) return '6-month Contract';
  return null;
}

// Checked in order; the words of a compact ATS value are separated first ('FullTime' → 'Full Time').
const RULES: readonly Rule[] = [
  [/\b(intern|internship|co[\s-]?op|working student|werkstudent|stage|stagiaire|praktikum)\b/i, 'Internship'],
  [/\b(apprentice|apprenticeship|trainee(ship)?|ausbildung)\b/i, 'Apprenticeship'],
  [/\b(volunteer|volunteering|unpaid)\b/i, 'Volunteer'],
  [/\b(freelance|freelancer|self[\s-]employed|independent contractor)\b/i, 'Freelance'],
  [/\b(contract|contractor|fixed[\s-]?term|c2h|contract[\s-]to[\s-]hire|b2b|consultant)\b/i, 'Contract'],
  [/\b(temporary|temp|seasonal|interim|locum)\b/i, 'Temporary'],
  [/\b(part[\s-]?time|pt|half[\s-]time|teilzeit)\b/i, 'Part Time'],
  [/\b(full[\s-]?time|ft|permanent|regular|salaried|employee|vollzeit|cdi)\b/i, 'Full Time'],
];

const LABELS = new Map<string, EmploymentType>([
  ['full time', 'Full Time'],
  ['part time', 'Part Time'],
  ['contract', 'Contract'],
  ['12 month contract', '12-month Contract'],
  ['6 month contract', '6-month Contract'],
  ['freelance', 'Freelance'],
  ['temporary', 'Temporary'],
  ['internship', 'Internship'],
  ['apprenticeship', 'Apprenticeship'],
  ['volunteer', 'Volunteer'],
]);

function words(value: string): string {
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_/]+/g, ' ')
    .trim();
}

/** The label for an ATS value, or null when the value says nothing we understand. */
export function parseEmploymentType(value: string | null | undefined): EmploymentType | null {
  if (!value) return null;
  const text = words(value);
  const exact = LABELS.get(text.toLowerCase().replace(/-/g, ' '));
  if (exact) return exact;
  for (const [pattern, label] of RULES) {
    if (!pattern.test(text)) continue;
    return label === 'Contract' || label === 'Temporary' ? (contractLength(text) ?? label) : label;
  }
  return null;
}

export interface EmploymentTypeInput {
  ats?: string | null;
  title: string;
  /** Plain text of the description. */
  description?: string | null;
}

// In a title only explicit markers count: 'Designer (Contract)', 'Part-time Tutor'. Words that
// also name jobs or markets ('Sales Consultant', 'B2B', 'Early Stage', 'Interim CFO') are left out.
const TITLE_RULES: readonly Rule[] = [
  [/\b(intern|internship|co[\s-]?op|working student)\b/i, 'Internship'],
  [/\b(apprentice|apprenticeship)\b/i, 'Apprenticeship'],
  [/\bvolunteer\b/i, 'Volunteer'],
  [/\b(freelance|freelancer)\b/i, 'Freelance'],
  [/\b(contract|contractor|fixed[\s-]?term)\b/i, 'Contract'],
  [/\b(temporary|temp|seasonal)\b/i, 'Temporary'],
  [/\bpart[\s-]?time\b/i, 'Part Time'],
];

export function employmentType(input: EmploymentTypeInput): EmploymentType {
  const fromAts = parseEmploymentType(input.ats);
  const base =
    fromAts ?? TITLE_RULES.find(([pattern]) => pattern.test(words(input.title)))?.[1] ?? 'Full Time';
  if (base === 'Contract' && input.description) {
    // '6-month contract' said in the description refines a plain Contract.
    const length =
      /\b(?:6|six|12|twelve)[\s-]*months?[\s-]+(?:fixed[\s-]term\s+)?contract\b|\bcontract\s+(?:of|for)\s+(?:6|six|12|twelve)\s+months\b/i.exec(
        input.description,
      );
    if (length) return contractLength(length[0]) ?? base;
  }
  return base;
}

const JSON_LD: Record<EmploymentType, string> = {
  'Full Time': 'FULL_TIME',
  'Part Time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  '12-month Contract': 'CONTRACTOR',
  '6-month Contract': 'CONTRACTOR',
  Freelance: 'CONTRACTOR',
  Temporary: 'TEMPORARY',
  Internship: 'INTERN',
  // Google's vocabulary has no apprenticeship; it is a training programme like an internship.
  Apprenticeship: 'INTERN',
  Volunteer: 'VOLUNTEER',
};

/** schema.org JobPosting employmentType. */
export function jsonLdEmploymentType(type: string): string {
  return JSON_LD[type as EmploymentType] ?? 'FULL_TIME';
}
