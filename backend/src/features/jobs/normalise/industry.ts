/**
 * Industry (the job category of the spec's filters and footer): the ATS's value when it names one
 * of ours, else keywords of the title, then of the department; 'Technology' when nothing matches.
 */
import { INDUSTRIES, type Industry } from '@jobs/contracts';

export { INDUSTRIES };

type Rule = readonly [RegExp, Industry];

// Checked in order: the more specific categories first ('Data Engineer' is data, 'Product
// Marketing Manager' marketing, 'Sales Engineer' sales, 'Support Engineer' support).
const RULES: readonly Rule[] = [
  [
    /\b(data|machine learning|ml|ai|analytics|analyst|business intelligence|bi|statistician|scientist|quantitative|mlops)\b/i,
    'Data Science & Analytics',
  ],
  [
    /\b(devops|dev ops|sre|site reliability|platform|infrastructure|infra|cloud|systems? administrator|sysadmin|network|security|devsecops|dba|database administrator|it support|it operations|release)\b/i,
    'DevOps & Infrastructure',
  ],
  [
    /\b(marketing|marketer|seo|sem|content|copywriter|growth|brand|social media|communications|pr|public relations|demand generation|community)\b/i,
    'Marketing',
  ],
  [
    /\b(sales|account executive|account manager|business development|bdr|sdr|partnerships?|revenue|solutions? consultant|pre[\s-]?sales)\b/i,
    'Sales',
  ],
  [
    /\b(customer (support|success|service|experience|care)|support|client services|help ?desk|service desk|onboarding specialist)\b/i,
    'Customer Support',
  ],
  [/\b(product|design|designer|ux|ui|user research|researcher|creative)\b/i, 'Product & Design'],
  [
    /\b(finance|financial|accountant|accounting|controller|bookkeep\w*|fp&a|payroll|tax|treasury|audit\w*|billing|actuar\w*)\b/i,
    'Finance',
  ],
  [
    /\b(hr|human resources|recruit\w*|talent|people (ops|operations|partner|team)|people|benefits specialist)\b/i,
    'HR',
  ],
  [
    /\b(nurse|nursing|rn|physician|doctor|clinical|clinician|therapist|medical|healthcare|health care|pharmac\w*|dental|psychologist|counsel?lor|care coordinator|health)\b/i,
    'Healthcare',
  ],
  [
    /\b(teacher|tutor|instructor|educator|education|curriculum|lecturer|professor|teaching|school|learning designer|instructional)\b/i,
    'Education',
  ],
  [
    /\b(software|engineer|engineering|developer|programmer|frontend|front[\s-]end|backend|back[\s-]end|full[\s-]?stack|mobile|ios|android|qa|quality assurance|sdet|test automation|web|architect|cto)\b/i,
    'Software Engineering',
  ],
  [
    /\b(operations|ops|office manager|executive assistant|assistant|administrative|admin|project manager|program manager|programme manager|logistics|supply chain|procurement|chief of staff|coordinator|legal|compliance)\b/i,
    'Operations',
  ],
];

function classify(text: string | null | undefined): Industry | null {
  if (!text) return null;
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export interface IndustryInput {
  /** The ATS's industry or category, if any. */
  ats?: string | null;
  department?: string | null;
  title: string;
}

export function industryFor(input: IndustryInput): Industry {
  const ats = input.ats?.trim();
  const exact = ats ? INDUSTRIES.find((name) => name.toLowerCase() === ats.toLowerCase()) : undefined;
  return exact ?? classify(ats) ?? classify(input.title) ?? classify(input.department) ?? 'Technology';
}
