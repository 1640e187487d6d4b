/**
 * The public site's router: what the site uses of React Router and nothing more (issue 23: React Router 7
 * was 12.6 KB gzip of the 100 KB each page may ship). URLs come from the History API (pushState,
 * replaceState, popstate), the server renders from a URL (StaticRouter), tests from a list (MemoryRouter).
 *
 * What it does not do: relative links, basenames, nested route tables, loaders/actions, navigation
 * blocking, scroll restoration (pages scroll themselves: useScrollToTop, useScrollToHash; the browser
 * restores scroll on back/forward). The back office keeps React Router inside its own chunk
 * (app/admin-app.tsx); both routers share window.history, with React Router's state shape ({usr, key}).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
  /** What the navigation that made this entry carried (`navigate(to, { state })`), else null. */
  state: unknown;
  /** 'default' for the entry the visit started on. */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** `to` is an absolute path with optional query and hash ('/jobs/x?y=1#z') or a query ('?tab=register'). */
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export type Params = Readonly<Record<string, string>>;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Params>({});

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router)
    throw new Error('This component needs a router above it (BrowserRouter, StaticRouter, MemoryRouter)');
  return router;
}

/** Splits '/a/b?c=1#d' (or '?c=1', resolved against `base`) into its parts. */
export function parsePath(to: string, base = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  let rest = to;
  let hash = '';
  let search = '';
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  return {
    pathname: rest || base,
    search: search === '?' ? '' : search,
    hash: hash === '#' ? '' : hash,
  };
}

export function createPath({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `${pathname}${search}${hash}`;
}

/** The history.state React Router writes (and so the back office's router reads): {usr, key}. */
interface HistoryState {
  usr?: unknown;
  key?: string;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function readBrowserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state ?? null) as HistoryState | null;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function sameEntry(a: Location, b: Location): boolean {
  return createPath(a) === createPath(b) && a.key === b.key && a.state === b.state;
}

function RouterProvider({ location, navigate, children }: RouterValue & { children?: ReactNode }) {
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * The browser's URL. A navigation renders in a transition, as React Router's BrowserRouter does: the page
 * shown stays interactive while the next one renders (the search box relies on it while typing).
 */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(readBrowserLocation);
  useLayoutEffect(() => {
    const update = () => {
      const next = readBrowserLocation();
      startTransition(() => setLocation((current) => (sameEntry(current, next) ? current : next)));
    };
    // Back/forward, and the back office handing a path outside /admin over (app/admin-app.tsx).
    window.addEventListener('popstate', update);
    // A navigation between the first render and this effect (a child's effect) is not lost.
    update();
    return () => window.removeEventListener('popstate', update);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, { replace = false, state = null } = {}) => {
    const url = createPath(parsePath(to, window.location.pathname));
    const entry: HistoryState = { usr: state, key: newKey() };
    if (replace) window.history.replaceState(entry, '', url);
    else {
      try {
        window.history.pushState(entry, '', url);
      } catch {
        // Safari limits pushState calls (100 per 30 s); a full page load still gets there.
        window.location.assign(url);
        return;
      }
    }
    startTransition(() => setLocation(readBrowserLocation()));
  }, []);
  return (
    <RouterProvider location={location} navigate={navigate}>
      {children}
    </RouterProvider>
  );
}

const ignoreNavigation: NavigateFunction = () => undefined;

/** A fixed URL ('/path?query#hash'): the server renders each page from its request's URL. */
export function StaticRouter({ location, children }: { location: string; children?: ReactNode }) {
  const value = useMemo(() => ({ ...parsePath(location), state: null, key: 'default' }), [location]);
  return (
    <RouterProvider location={value} navigate={ignoreNavigation}>
      {children}
    </RouterProvider>
  );
}

/** History in memory, for tests: starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [location, setLocation] = useState<Location>(() => ({
    ...parsePath(initialEntries.at(-1) ?? '/'),
    state: null,
    key: 'default',
  }));
  const navigate = useCallback<NavigateFunction>((to, { state = null } = {}) => {
    startTransition(() =>
      setLocation((current) => ({ ...parsePath(to, current.pathname), state, key: newKey() })),
    );
  }, []);
  return (
    <RouterProvider location={location} navigate={navigate}>
      {children}
    </RouterProvider>
  );
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The current route's `:name` segments, decoded (see matchPath). */
export function useParams(): Params {
  return useContext(ParamsContext);
}

export const ParamsProvider = ParamsContext.Provider;

/** The query as URLSearchParams, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | string, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | string, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [navigate, location.pathname],
  );
  return [params, set];
}

/** Navigates once mounted (a guard sending the visitor elsewhere). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
    // Once, as React Router's <Navigate> in a declarative router.
  }, []);
  return null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Matches a pattern of the route table against a pathname: literal segments (case-insensitive, as React
 * Router's default), `:name` for one non-empty segment, and a final `*` for the rest (none included).
 * A trailing slash is optional. Returns the decoded params, or null. A segment whose %-encoding is
 * malformed matches nothing but `*`: the server answers such a URL with its not-found page.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const patternSegments = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < patternSegments.length; i += 1) {
    const want = patternSegments[i]!;
    if (want === '*' && i === patternSegments.length - 1) return params;
    const got = segments[i];
    if (got === undefined) return null;
    const decoded = decodeSegment(got);
    if (decoded === null) return null;
    if (want.startsWith(':')) params[want.slice(1)] = decoded;
    else if (want.toLowerCase() !== decoded.toLowerCase()) return null;
  }
  return segments.length === patternSegments.length ? params : null;
}

function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/** 'https://…', 'mailto:…', '//host/…': another site, which the browser loads. */
const EXTERNAL = /^([a-z][a-z\d+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path ('/jobs/x?y=1#z'). */
  to: string;
  replace?: boolean;
  state?: unknown;
}

/**
 * An <a href> that navigates in the page on a plain left click. Modified clicks (ctrl, meta, shift, alt,
 * a middle click), target other than _self and download links are left to the browser. Like React
 * Router, a link to the URL already shown replaces the entry rather than adding a second one.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      isModifiedClick(event) ||
      (target && target !== '_self') ||
      rest.download !== undefined ||
      EXTERNAL.test(to)
    )
      return;
    event.preventDefault();
    const same = createPath(location) === createPath(parsePath(to, location.pathname));
    navigate(to, { replace: replace ?? same, state });
  }
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on this exact path, not below it. */
  end?: boolean;
}

/** A Link that knows whether it points at the current page (aria-current="page"). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  // React Router's rule, case-insensitive: this path, or (without `end`) a path below it.
  const current = useLocation().pathname.toLowerCase();
  const target = parsePath(to).pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
