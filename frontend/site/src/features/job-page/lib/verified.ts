import type { PublicJob } from '@jobs/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** '3 hours ago', '2 days ago', 'just now' (a time ahead of the browser's clock reads as just now). */
export function timeAgo(iso: string, now: Date = new Date()): string | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const ms = Math.max(0, now.getTime() - time);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.floor(ms / DAY), 'day');
}

/**
 * When the job's source last confirmed it: 'Verified on Greenhouse 3 hours ago' (an ATS the board pulls),
 * 'Verified by {source} 2 days ago' (an ingestion bot), 'Verified 5 minutes ago' (the board's own jobs);
 * null when the API did not say.
 */
export function verifiedText(
  job: Pick<PublicJob, 'lastConfirmedAt' | 'confirmedBy'>,
  now: Date = new Date(),
): string | null {
  if (!job.lastConfirmedAt) return null;
  const ago = timeAgo(job.lastConfirmedAt, now);
  if (!ago) return null;
  const by = job.confirmedBy;
  const who = by ? (by.kind === 'ats' ? ` on ${by.name}` : ` by ${by.name}`) : '';
  return `Verified${who} ${ago}`;
}
