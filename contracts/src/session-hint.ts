/**
 * The signed-in hint: a cookie the page's script can read (the session cookie cannot: it is HttpOnly) that
 * says a session may exist, never whose. The site asks GET /api/user only when it is there, so a signed-out
 * visitor's page makes no request that can only answer 401 (which every browser logs as an error), and the
 * server never reads the session table for them.
 *
 * The server keeps it true: an /api answer sets it when the request is signed in and clears it when it is
 * not; a page requested with a session cookie but no hint (a session older than the hint, or a hint that
 * expired first) gets it, so the script asks, and a stale hint costs one 401 that clears it.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';

/** Whether a Cookie header (or `document.cookie`) carries the signed-in hint (`signed_in=1`). */
export function hasSignedInHint(cookies: string): boolean {
  return /(?:^|;)\s*signed_in=1\s*(?:;|$)/.test(cookies);
}
