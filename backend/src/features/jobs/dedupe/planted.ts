/**
 * A labelled set of job pairs for measuring duplicate detection (docs/duplicates.md): jobs from the seed
 * generator (its realistic text), with planted duplicates and hard negatives. Deterministic for a seed.
 */
import type { IngestItemPosted } from '@jobs/contracts';
import { createRandom, generateJob } from '../../seed/generate';
import type { Random } from '../../seed/random';
import { LOCATIONS } from '../../seed/data';

export type PairKind =
  | 'exact copy'
  | 'repost'
  | 'reworded title'
  | 'edited description'
  | 'other source wording'
  | 'different location'
  | 'different company'
  | 'different role, same company'
  | 'same title, other posting'
  | 'similar text, other role';

export interface LabelledPair {
  kind: PairKind;
  same: boolean;
  a: IngestItemPosted;
  b: IngestItemPosted;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a second source or a reposting recruiter writes the same title. */
export function rewordTitle(title: string, random: Random): string {
  let t = title
    .replace(/^Senior /, random() < 0.5 ? 'Sr. ' : 'Sr ')
    .replace(/^Junior /, 'Jr. ')
    .replace(/Back[ -]?end/i, (m) => (m.toLowerCase() === 'backend' ? 'Back-End' : 'Backend'))
    .replace(/Front[ -]?end/i, (m) => (m.toLowerCase() === 'frontend' ? 'Front-End' : 'Frontend'));
  const level = /^(Sr\.?|Jr\.|Staff|Lead|Principal) (.+)$/.exec(t);
  const roll = random();
  if (level && !t.includes(',') && roll < 0.35) t = `${level[2]}, ${level[1]}`;
  else if (roll < 0.6) t = `${t} (Remote)`;
  else if (roll < 0.8) t = `${t} - m/f/d`;
  return t === title ? `${title} (Remote)` : t;
}

/** A recruiter's light edit: a sentence dropped, a few words changed, a line added. */
export function editDescription(html: string, random: Random): string {
  const paragraphs = html.split('</p>');
  if (paragraphs.length > 4) paragraphs.splice(1 + Math.floor(random() * (paragraphs.length - 2)), 1);
  let edited = paragraphs.join('</p>');
  const swaps: [RegExp, string][] = [
    [/\bteam\b/, 'squad'],
    [/\bwe\b/i, 'We really'],
    [/\bexperience\b/, 'hands-on experience'],
    [/\bremote\b/i, 'distributed'],
  ];
  for (const [pattern, replacement] of swaps)
    if (random() < 0.6) edited = edited.replace(pattern, replacement);
  return `${edited}<p>Please mention that you found this job on our board.</p>`;
}

/** An aggregator's copy: no markup around the sections, a tracking footer. */
function otherSourceWording(html: string): string {
  return `${html.replace(/<h[23]>/g, '<p><strong>').replace(/<\/h[23]>/g, '</strong></p>')}<p>Apply today.</p>`;
}

/** How another source writes the same place. */
const PLACE_WORDING: Record<string, string> = {
  'Remote - US': 'Remote (United States)',
  'Remote - UK': 'United Kingdom (Remote)',
  'Remote - Canada': 'Remote, Canada',
  'Remote - Germany': 'Germany - Remote',
  'Remote - Europe': 'Remote (Europe)',
  'Hybrid - London, UK': 'London, United Kingdom (Hybrid)',
  'Hybrid - New York, NY': 'New York, NY, USA (Hybrid)',
  'Berlin, Germany': 'Berlin, DE',
  'Toronto, Canada': 'Toronto, ON, Canada',
  'San Francisco, CA': 'San Francisco, California, United States',
};

const SPECIFIC_PLACES = LOCATIONS.filter((l) => !/^Remote( \(Worldwide\))?$/.test(l.text)).map((l) => l.text);

export function plantedPairs(options: { seed?: number; jobs?: number; now?: Date } = {}): LabelledPair[] {
  const seed = options.seed ?? 7;
  const now = options.now ?? new Date('2026-06-01T00:00:00Z');
  const count = options.jobs ?? 1500;
  const random = createRandom(seed * 31 + 1);
  const jobs = Array.from({ length: count }, (_, i) => generateJob(i, seed, now));
  const copy = (job: IngestItemPosted, suffix: string, changes: Partial<IngestItemPosted> = {}) => ({
    ...job,
    externalId: `${job.externalId}-${suffix}`,
    applicationUrl: `${job.applicationUrl}-${suffix}`,
    ...changes,
  });
  const pairs: LabelledPair[] = [];

  // Positives: every 5th job gets one planted duplicate, of each kind in turn.
  for (let i = 0; i < count; i += 5) {
    const job = jobs[i]!;
    switch ((i / 5) % 5) {
      case 0:
        pairs.push({ kind: 'exact copy', same: true, a: job, b: copy(job, 'copy') });
        break;
      case 1: {
        const later = new Date(Date.parse(job.datePosted ?? now.toISOString()) + 20 * DAY_MS).toISOString();
        const b = copy(job, 'repost', { datePosted: later });
        if (random() < 0.5) b.descriptionHtml = editDescription(job.descriptionHtml, random);
        pairs.push({ kind: 'repost', same: true, a: job, b });
        break;
      }
      case 2:
        pairs.push({
          kind: 'reworded title',
          same: true,
          a: job,
          b: copy(job, 'title', { title: rewordTitle(job.title, random) }),
        });
        break;
      case 3:
        pairs.push({
          kind: 'edited description',
          same: true,
          a: job,
          b: copy(job, 'edit', { descriptionHtml: editDescription(job.descriptionHtml, random) }),
        });
        break;
      default:
        pairs.push({
          kind: 'other source wording',
          same: true,
          a: job,
          b: copy(job, 'bot', {
            title: rewordTitle(job.title, random),
            descriptionHtml: otherSourceWording(job.descriptionHtml),
            workplace: null,
            sourceUrl: null,
            location: (job.location && PLACE_WORDING[job.location]) ?? job.location,
          }),
        });
    }
  }

  // Negatives planted from the same jobs: the same posting for another office, another company's copy.
  for (let i = 1; i < count; i += 5) {
    const job = jobs[i]!;
    if (job.location && SPECIFIC_PLACES.includes(job.location)) {
      const others = SPECIFIC_PLACES.filter((p) => p !== job.location);
      const location = others[Math.floor(random() * others.length)]!;
      pairs.push({
        kind: 'different location',
        same: false,
        a: job,
        b: copy(job, 'office', { location, workplace: null }),
      });
    }
  }
  // Natural negatives among the generated jobs: one title at two companies, two roles at one company, and two
  // postings of one title at one company with their own text.
  const byCompany = new Map<string, IngestItemPosted[]>();
  const byTitle = new Map<string, IngestItemPosted[]>();
  for (const job of jobs) {
    byCompany.set(job.company, [...(byCompany.get(job.company) ?? []), job]);
    byTitle.set(job.title, [...(byTitle.get(job.title) ?? []), job]);
  }
  let differentCompany = 0;
  for (const group of byTitle.values()) {
    for (let k = 1; k < group.length && differentCompany < 300; k++) {
      if (group[k]!.company === group[0]!.company) continue;
      pairs.push({ kind: 'different company', same: false, a: group[0]!, b: group[k]! });
      differentCompany++;
    }
  }
  let differentRole = 0;
  let sameTitle = 0;
  for (const group of byCompany.values()) {
    for (let k = 1; k < group.length; k++) {
      const [a, b] = [group[0]!, group[k]!];
      if (a.title !== b.title && differentRole < 300) {
        pairs.push({ kind: 'different role, same company', same: false, a, b });
        differentRole++;
      } else if (a.title === b.title && sameTitle < 100) {
        pairs.push({ kind: 'same title, other posting', same: false, a, b });
        sameTitle++;
      }
    }
  }
  // Similar text for another role at one company, posted under the same title and place: the boilerplate
  // (company, benefits, process) is shared, the role is not.
  let retitled = 0;
  for (const group of byCompany.values()) {
    for (let k = 2; k < group.length && retitled < 200; k += 2) {
      const [a, b] = [group[k - 1]!, group[k]!];
      if (a.title === b.title) continue;
      pairs.push({
        kind: 'similar text, other role',
        same: false,
        a,
        b: { ...b, title: a.title, location: a.location, workplace: a.workplace },
      });
      retitled++;
    }
  }
  return pairs;
}
