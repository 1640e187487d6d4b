/** Formatting of UTC offsets, shared by the site and the server (no tables). */
/** 'UTC+2', 'UTC−3', 'UTC+5:30', 'UTC' (a true minus sign, as the board shows it). */
export function formatUtcOffset(hours: number): string {
  if (hours === 0) return 'UTC';
  const abs = Math.abs(hours);
  const whole = Math.floor(abs);
  const minutes = Math.round((abs - whole) * 60);
  return `UTC${hours < 0 ? '\u2212' : '+'}${whole}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/**
 * Reads a UTC offset as people and links write it: 'UTC+2', 'GMT-3', '+5:30', '-3', '5.5', 'UTC'. Null when
 * it is none (or out of -12..14).
 */
export function parseUtcOffset(text: string): number | null {
  const m = /^\s*(utc|gmt)?\s*(?:([+\-\u2212])?\s*(\d{1,2})(?:([:.])(\d{1,2}))?)?\s*$/i.exec(text);
  if (!m || (!m[1] && m[3] === undefined)) return null;
  if (m[3] === undefined) return 0;
  const fraction = m[5] === undefined ? 0 : m[4] === ':' ? Number(m[5]) / 60 : Number(`0.${m[5]}`);
  const value = (Number(m[3]) + fraction) * (m[2] === '-' || m[2] === '\u2212' ? -1 : 1);
  return value >= -12 && value <= 14 ? value : null;
}
