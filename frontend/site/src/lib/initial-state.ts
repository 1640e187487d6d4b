/**
 * The data the server rendered the page with (backend/src/http/site.ts), read by the queries of the
 * page so its first render shows what the HTML already shows and fetches nothing again (issue 23).
 *
 * In the browser it is window.__INITIAL_STATE__, written into the page by the server. While the server
 * renders (entry-server.tsx) it is the state of the request being rendered: renderToString is
 * synchronous, so one module-level slot set around each render serves every request in turn.
 *
 * Each part is taken once per state (per page load in the browser, per render on the server): later
 * loads (Try Again, a reset, another page) fetch for real.
 */
export type InitialState = Record<string, unknown>;

declare global {
  interface Window {
    __INITIAL_STATE__?: InitialState;
  }
}

let rendering: InitialState | undefined;

export function readInitialState(): InitialState | undefined {
  if (typeof window === 'undefined') return rendering;
  return window.__INITIAL_STATE__;
}

/** Runs `render` (synchronous) with `state` as the initial state: the server's renderer. */
export function withInitialState<T>(state: InitialState | undefined, render: () => T): T {
  const before = rendering;
  rendering = state ?? {};
  try {
    return render();
  } finally {
    rendering = before;
  }
}

const taken = new WeakMap<InitialState, Set<string>>();

/** `read(state)` for this state, once per `part`; undefined when there is no state or it was taken. */
export function takeInitial<T>(part: string, read: (state: InitialState) => T | undefined): T | undefined {
  const state = readInitialState();
  if (!state) return undefined;
  let parts = taken.get(state);
  if (parts?.has(part)) return undefined;
  const value = read(state);
  if (value === undefined) return undefined;
  if (!parts) taken.set(state, (parts = new Set()));
  parts.add(part);
  return value;
}

/**
 * The site's public origin for absolute links (share buttons): the server's PUBLIC_URL when it rendered
 * the page (the same text on both sides, so hydration matches), else the browser's origin.
 */
export function siteOrigin(): string {
  const origin = readInitialState()?.origin;
  if (typeof origin === 'string') return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
