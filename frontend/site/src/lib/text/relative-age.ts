const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function elapsed(date: string | Date, now: Date): number {
  const time = typeof date === 'string' ? Date.parse(date) : date.getTime();
  // A date in the future (clock skew between server and browser) reads as just posted.
  return Number.isFinite(time) ? Math.max(0, now.getTime() - time) : 0;
}

/**
 * The feed's relative age (spec section 2, Feed): under 1 hour 'just now', under 24 hours 'Nh ago',
 * under 168 hours 'Nd ago', otherwise 'Nw ago'.
 */
export function relativeAge(date: string | Date, now: Date = new Date()): string {
  const ms = elapsed(date, now);
  if (ms < HOUR) return 'just now';
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  if (ms < WEEK) return `${Math.floor(ms / DAY)}d ago`;
  return `${Math.floor(ms / WEEK)}w ago`;
}

/** The job card's age (spec section 2, Job card): minutes, hours or days. */
export function cardAge(date: string | Date, now: Date = new Date()): string {
  const ms = elapsed(date, now);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h ago`;
  return `${Math.floor(ms / DAY)}d ago`;
}

/** 'Updated {ago}' of the feed: finer than the job age, since it is about a fetch moments ago. */
export function updatedAgo(time: number, now: number = Date.now()): string {
  const ms = Math.max(0, now - time);
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  return relativeAge(new Date(time), new Date(now));
}
