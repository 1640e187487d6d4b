/** 'March 2, 2026' (UTC, so every visitor reads the same day the server stored). */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Spec section 2: '{location} (Remote)' when remote and not Worldwide. */
export function locationLabel(job: { location: string; isRemote: boolean; isHybrid?: boolean }): string {
  const location = job.location.trim();
  if (!location) return job.isRemote ? 'Remote' : '';
  if (!job.isRemote || /worldwide/i.test(location) || /\bremote\b/i.test(location)) return location;
  return `${location} (${job.isHybrid ? 'Hybrid' : 'Remote'})`;
}
