/**
 * Experience level from the ATS value when it has one we understand, else from the title, else
 * from the years of experience the description asks for; 'Not specified' when nothing says it. A
 * level is never invented: an ATS value that states no level ('Not Applicable', 'N/A') counts as none.
 */
import { EXPERIENCE_NOT_SPECIFIED, type ExperienceLevel } from '@jobs/contracts';

export interface ExperienceInput {
  /** The ATS value ('mid_senior_level', 'Entry level', 'Director'...). */
  ats?: string | null;
  title: string;
  /** Plain text of the description. */
  description?: string | null;
}

type Rule = readonly [RegExp, ExperienceLevel];

// Checked in order: the most specific level first ('Senior Director' is Executive, 'Lead Engineer' Lead).
const TITLE_RULES: readonly Rule[] = [
  [
    /\b(chief|c[etfomip]o|vp|svp|evp|vice[\s-]president|director|president|partner|founding executive)\b/i,
    'Executive',
  ],
  [
    /\b(head\s+of|(tech|team|technical|engineering|design|product|group)\s+lead|lead(?![\s-]*(gen|generation|s)\b)|(engineering|development|team|people|delivery|department|general)\s+manager|manager\s+of|managing)\b/i,
    'Lead',
  ],
  [/\b(senior|sr\.?|snr|staff|principal|distinguished|expert)\b|\b(iii|iv|v)\s*($|[,(\-|])/i, 'Senior'],
  [
    /\b(intern(ship)?|junior|jr\.?|graduate|grad|entry[\s-]level|trainee|apprentice(ship)?|working student|new grad|werkstudent|associate\s+(software|engineer|developer|analyst|designer))\b|\bi\s*($|[,(\-|])/i,
    'Entry',
  ],
  [/\b(mid[\s-]?level|mid[\s-]?senior|intermediate)\b|\bii\s*($|[,(\-|])/i, 'Mid-level'],
];

const ATS_RULES: readonly Rule[] = [
  [/\b(executive|director|vp|c[\s-]?level)\b/i, 'Executive'],
  [/\b(lead|manager|management|head)\b/i, 'Lead'],
  [/\b(senior|sr|expert|principal|staff)\b/i, 'Senior'],
  [/\b(entry|junior|intern(ship)?|graduate|associate|trainee|apprentice|student)\b/i, 'Entry'],
  [/\b(mid|intermediate|experienced|professional)\b/i, 'Mid-level'],
];

function firstMatch(rules: readonly Rule[], text: string): ExperienceLevel | null {
  for (const [pattern, level] of rules) if (pattern.test(text)) return level;
  return null;
}

function fromDescription(text: string): ExperienceLevel | null {
  if (/\b(entry[\s-]level|no (prior )?experience (is )?(required|necessary|needed))\b/i.test(text))
    return 'Entry';
  // '5+ years of experience', '3-5 years experience', 'at least 7 years in'
  const years = [
    ...text.matchAll(
      /\b(\d{1,2})\s*(?:\+|-\s*\d{1,2}|to\s+\d{1,2})?\s*(?:\+\s*)?years?\b(?=[^.]{0,40}\b(experience|exp\b|in\b|of\b|working|building|professional))/gi,
    ),
  ]
    .map((match) => Number(match[1]))
    .filter((n) => n > 0 && n < 30);
  if (years.length === 0) return null;
  const least = Math.min(...years);
  if (least >= 5) return 'Senior';
  if (least <= 1) return 'Entry';
  return 'Mid-level';
}

// ATS values that state no level (SmartRecruiters 'not_applicable', Workable's empty choice...).
const NO_LEVEL = /^(not\s+(applicable|specified|available)|n\s*\/?\s*a|none|other|unknown|any|all)$/i;

export function experienceLevel(input: ExperienceInput): ExperienceLevel {
  const given = input.ats?.replace(/[_-]+/g, ' ').trim();
  const ats = given && !NO_LEVEL.test(given) ? given : undefined;
  // SmartRecruiters' 'mid_senior_level' means experienced, not senior.
  if (ats && /\bmid\s+senior\b/i.test(ats)) return firstMatch(TITLE_RULES, input.title) ?? 'Mid-level';
  const fromAts = ats ? firstMatch(ATS_RULES, ats) : null;
  return (
    fromAts ??
    firstMatch(TITLE_RULES, input.title) ??
    (input.description ? fromDescription(input.description) : null) ??
    EXPERIENCE_NOT_SPECIFIED
  );
}
