export const site = {
  name: 'RemoteJobs',
  tagline:
    'The best place to find and list remote jobs. Connect with companies hiring remotely from anywhere in the world.',
  // Set VITE_CONTACT_EMAIL / VITE_PRIVACY_EMAIL at build time for a real deployment.
  contactEmail: (import.meta.env.VITE_CONTACT_EMAIL as string | undefined) ?? 'hello@remotejobs.example',
  privacyEmail: (import.meta.env.VITE_PRIVACY_EMAIL as string | undefined) ?? 'privacy@remotejobs.example',
} as const;

/** '{page} | RemoteJobs', or the site title alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${site.name}` : `${site.name} – Find Your Dream Remote Job`;
}
