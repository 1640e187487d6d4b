// Zod-free constants the public site imports directly (importing ./jobs would pull zod into the
// home route's bundle).

/** The experience level of a posting whose vendor states none: shown as nothing, never invented. */
export const EXPERIENCE_NOT_SPECIFIED = 'Not specified';
