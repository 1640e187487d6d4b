/**
 * Zod's schemas (contracts) probe once whether `new Function` works, to compile fast parsers. The site's
 * Content-Security-Policy has no 'unsafe-eval', so the probe fails (and is caught), but the browser still
 * reports it as a CSP violation. Jitless mode skips the probe. Zod reads this object when it loads, or
 * later if it already has: imported first, from main.tsx, so no schema parses before it is set.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
