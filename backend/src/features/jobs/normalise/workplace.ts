/**
 * Remote, hybrid or on-site. The ATS flag wins when the bot sends one; otherwise we read the
 * location, then the title, then the description. isRemote is true for hybrid jobs too: the spec's
 * Work Type filter lists 'Remote & Hybrid (isRemote true)' against 'On-site Only (isRemote false)'.
 */
import type { Workplace } from '@jobs/contracts';

export interface WorkplaceFacts {
  workplace: Workplace;
  isRemote: boolean;
  isHybrid: boolean;
}

export interface WorkplaceInput {
  workplace?: Workplace | null;
  location?: string | null;
  title?: string | null;
  /** Plain text of the description. */
  description?: string | null;
}

// "hybrid" names a way of working unless it qualifies a technology.
const HYBRID =
  /\bhybrid\b(?![\s-]+(?:cloud|apps?|mobile|vehicles?|cars?|infrastructure|integration|architecture|solutions?|systems?|approach(?:es)?|models? of care))/i;

const REMOTE_IN_LOCATION =
  /\b(remote(?:ly)?|anywhere|worldwide|global(?:ly)?|distributed|work(?:ing)?[\s-]+from[\s-]+home|wfh|home[\s-]+based|telecommut\w*|virtual)\b/i;

const ONSITE_IN_LOCATION = /\b(on[\s-]?site|in[\s-]office|office[\s-]based)\b/i;

// Phrases that say a job is not remote. They are checked before (and cut out ahead of) the
// positive phrases, so 'not remote' never counts as remote.
const NOT_REMOTE = [
  /\b(?:not|isn'?t|is not|no|non)[\s-]+(?:a[\s-]+)?(?:fully[\s-]+|100%[\s-]+)?remote\b(?:[\s-]+(?:role|position|job|work|opportunity|friendly))?/gi,
  /\bremote(?:[\s-]+work(?:ing)?)?\s+(?:is\s+)?not\s+(?:possible|available|an option|offered|supported)\b/gi,
  /\b(?:cannot|can't|can not)\s+be\s+(?:done\s+)?remote(?:ly)?\b/gi,
  /\b(?:on[\s-]?site|in[\s-]office|in[\s-]person|office[\s-]based)\s+only\b/gi,
  /\b(?:fully|100%)\s+(?:on[\s-]?site|in[\s-]office|office[\s-]based)\b/gi,
  /\bmust\s+(?:be\s+)?(?:work\s+)?(?:on[\s-]?site|in\s+(?:the\s+|our\s+)?office)\b/gi,
];

const REMOTE_IN_TEXT = [
  /\b(?:fully|100%|completely|entirely|totally)[\s-]+remote\b/i,
  /\bremote[\s-]+(?:first|friendly|only|role|position|job|opportunity|team|company|work(?:ing)?|contract)\b/i,
  /\b(?:this|the)\s+(?:role|position|job)\s+is\s+(?:fully\s+)?remote\b/i,
  /\bwork(?:ing)?\s+(?:fully\s+)?remotely\b/i,
  /\bwork\s+from\s+(?:anywhere|home)\b/i,
  /\b(?:\(|\[)remote(?:\)|\])/i,
];

function stripNegations(text: string): { text: string; negated: boolean } {
  let negated = false;
  let out = text;
  for (const pattern of NOT_REMOTE) {
    out = out.replace(pattern, () => {
      negated = true;
      return ' ';
    });
  }
  return { text: out, negated };
}

function facts(workplace: Workplace): WorkplaceFacts {
  return { workplace, isRemote: workplace !== 'on-site', isHybrid: workplace === 'hybrid' };
}

/** What a short text (location or title) says, or null when it says nothing. */
function fromShortText(text: string): Workplace | null {
  const { text: rest, negated } = stripNegations(text);
  if (HYBRID.test(rest)) return 'hybrid';
  if (REMOTE_IN_LOCATION.test(rest)) return 'remote';
  if (negated || ONSITE_IN_LOCATION.test(rest)) return 'on-site';
  return null;
}

function fromDescription(text: string): Workplace | null {
  const { text: rest, negated } = stripNegations(text);
  if (HYBRID.test(rest)) return 'hybrid';
  if (REMOTE_IN_TEXT.some((pattern) => pattern.test(rest))) return 'remote';
  if (negated) return 'on-site';
  return null;
}

export function detectWorkplace(input: WorkplaceInput): WorkplaceFacts {
  if (input.workplace) return facts(input.workplace);
  const found =
    fromShortText(input.location ?? '') ??
    fromTitle(input.title ?? '') ??
    fromDescription(input.description ?? '') ??
    'on-site';
  return facts(found);
}

function fromTitle(title: string): Workplace | null {
  // In a title only an explicit word counts ('Senior Engineer (Remote)', 'Hybrid - Designer').
  const { text: rest, negated } = stripNegations(title);
  if (HYBRID.test(rest)) return 'hybrid';
  if (/\b(remote|work from home|wfh)\b/i.test(rest)) return 'remote';
  return negated ? 'on-site' : null;
}

const WORLDWIDE_WORDS = new Set([
  'remote',
  'anywhere',
  'worldwide',
  'global',
  'globally',
  'everywhere',
  'fully',
  '100%',
  'work',
  'from',
  'in',
  'the',
  'world',
  'location',
  'independent',
  'distributed',
]);

/** 'Worldwide', 'Anywhere', 'Remote' alone, 'Remote (Global)': no place restriction. */
export function isWorldwideLocation(location: string | null | undefined): boolean {
  const words = (location ?? '')
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);
  return words.length > 0 && words.every((word) => WORLDWIDE_WORDS.has(word));
}
