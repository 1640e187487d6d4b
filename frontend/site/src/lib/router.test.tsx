// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  ParamsProvider,
  parsePath,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** Shows where the router is: path, query, hash and the entry's state. */
function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">
      {`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}`}
    </output>
  );
}

function where(): string {
  return screen.getByRole('status', { hidden: true, name: 'where' }).textContent ?? '';
}

describe('matchPath', () => {
  it('matches literal segments case-insensitively, with an optional trailing slash', () => {
    expect(matchPath('/about', '/about')).toEqual({});
    expect(matchPath('/about', '/About/')).toEqual({});
    expect(matchPath('/categories/data-science', '/categories/data-science')).toEqual({});
    expect(matchPath('/about', '/about/us')).toBeNull();
    expect(matchPath('/about', '/')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/about')).toBeNull();
  });

  it('reads :params as one decoded segment', () => {
    expect(matchPath('/jobs/:identifier', '/jobs/senior-engineer-acme')).toEqual({
      identifier: 'senior-engineer-acme',
    });
    expect(matchPath('/companies/:companyName', '/companies/Acme%20Inc%2FCo')).toEqual({
      companyName: 'Acme Inc/Co',
    });
    expect(matchPath('/jobs/:identifier', '/jobs')).toBeNull();
    expect(matchPath('/jobs/:identifier', '/jobs/a/b')).toBeNull();
  });

  it('a final * takes the rest of the path, none included', () => {
    expect(matchPath('/admin/*', '/admin')).toEqual({});
    expect(matchPath('/admin/*', '/admin/jobs/123/show')).toEqual({});
    expect(matchPath('/admin/*', '/administrator')).toBeNull();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });

  it('a malformed %-encoding matches nothing but *, as the server answers it with not-found', () => {
    expect(matchPath('/jobs/:identifier', '/jobs/%E0%A4%A')).toBeNull();
    expect(matchPath('*', '/jobs/%E0%A4%A')).toEqual({});
  });
});

describe('parsePath', () => {
  it('splits path, query and hash; a bare query keeps the base path', () => {
    expect(parsePath('/a/b?c=1#d')).toEqual({ pathname: '/a/b', search: '?c=1', hash: '#d' });
    expect(parsePath('?tab=register', '/auth')).toEqual({
      pathname: '/auth',
      search: '?tab=register',
      hash: '',
    });
    expect(parsePath('/a?#')).toEqual({ pathname: '/a', search: '', hash: '' });
  });
});

describe('StaticRouter (server rendering)', () => {
  it('renders from the URL it is given: location, search params, params, links', () => {
    function Page() {
      const [params] = useSearchParams();
      const { identifier } = useParams();
      return (
        <>
          <Where />
          <p>{`search=${params.get('search')} id=${identifier}`}</p>
          <Link to="/jobs/x" className="c">
            Job
          </Link>
          <NavLink to="/countries" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
            Countries
          </NavLink>
        </>
      );
    }
    const html = renderToString(
      <StaticRouter location="/countries?search=engineer#top">
        <ParamsProvider value={{ identifier: 'abc' }}>
          <Page />
        </ParamsProvider>
      </StaticRouter>,
    );
    expect(html).toContain('/countries?search=engineer#top|null');
    expect(html).toContain('search=engineer id=abc');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const job = doc.querySelector('a.c');
    expect(job?.getAttribute('href')).toBe('/jobs/x');
    const countries = doc.querySelector('a[href="/countries"]');
    expect(countries?.getAttribute('aria-current')).toBe('page');
    expect(countries?.className).toBe('on');
  });

  it('a <Navigate> on the server changes nothing (guards render a spinner there anyway)', () => {
    const html = renderToString(
      <StaticRouter location="/profile">
        <Navigate to="/auth" replace />
        <Where />
      </StaticRouter>,
    );
    expect(html).toContain('/profile|null');
  });
});

describe('BrowserRouter', () => {
  function start(path: string, ui = <></>) {
    window.history.replaceState(null, '', path);
    return render(
      <BrowserRouter>
        {ui}
        <Where />
        <Link to="/jobs/a?x=1#h" state={{ from: 'test' }}>
          Job A
        </Link>
        <Link to="/about">About</Link>
        <Link to="/about" replace>
          About (replace)
        </Link>
        <Link to="/about" target="_blank">
          About (new tab)
        </Link>
        <Link to="/feed.xml" download>
          Feed
        </Link>
        <Link to="https://example.com/">Elsewhere</Link>
      </BrowserRouter>,
    );
  }

  it('starts at the browser URL', () => {
    start('/countries?search=engineer#all');
    expect(where()).toBe('/countries?search=engineer#all|null');
  });

  it('a plain click navigates in the page: a new history entry with the link state', async () => {
    start('/');
    const before = window.history.length;
    const click = fireEvent.click(screen.getByRole('link', { name: 'Job A' }));
    expect(click).toBe(false); // default prevented: no page load
    await waitFor(() => expect(where()).toBe('/jobs/a?x=1#h|{"from":"test"}'));
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/jobs/a?x=1#h');
    expect(window.history.length).toBe(before + 1);
    expect((window.history.state as { usr: unknown }).usr).toEqual({ from: 'test' });
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta (cmd)', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('a %s click is left to the browser', (_name, init) => {
    start('/');
    const click = fireEvent.click(screen.getByRole('link', { name: 'About' }), init);
    expect(click).toBe(true); // not prevented: the browser opens the tab or window
    expect(where()).toBe('/|null');
  });

  it('target=_blank, download and other sites are left to the browser', () => {
    start('/');
    expect(fireEvent.click(screen.getByRole('link', { name: 'About (new tab)' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Feed' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(where()).toBe('/|null');
  });

  it('a link to the page shown, or with replace, replaces the entry', async () => {
    start('/about');
    const before = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    fireEvent.click(screen.getByRole('link', { name: 'About (replace)' }));
    await waitFor(() => expect(where()).toBe('/about|null'));
    expect(window.history.length).toBe(before);
  });

  it('back and forward (popstate) bring the earlier URL and its state back', async () => {
    start('/');
    fireEvent.click(screen.getByRole('link', { name: 'Job A' }));
    await waitFor(() => expect(where()).toBe('/jobs/a?x=1#h|{"from":"test"}'));
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(where()).toBe('/about|null'));
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/jobs/a?x=1#h|{"from":"test"}'));
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/|null'));
    act(() => window.history.forward());
    await waitFor(() => expect(where()).toBe('/jobs/a?x=1#h|{"from":"test"}'));
  });

  it('useNavigate pushes or replaces; useSearchParams keeps the path and can carry state', async () => {
    function Controls() {
      const navigate = useNavigate();
      const [params, setParams] = useSearchParams();
      return (
        <>
          <button type="button" onClick={() => navigate('/companies/acme')}>
            push
          </button>
          <button type="button" onClick={() => navigate('/auth', { replace: true, state: { from: 1 } })}>
            replace
          </button>
          <button
            type="button"
            onClick={() => {
              const next = new URLSearchParams(params);
              next.set('tab', 'register');
              setParams(next, { replace: true, state: { kept: true } });
            }}
          >
            tab
          </button>
        </>
      );
    }
    start('/', <Controls />);
    fireEvent.click(screen.getByRole('button', { name: 'push' }));
    await waitFor(() => expect(where()).toBe('/companies/acme|null'));
    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    await waitFor(() => expect(where()).toBe('/auth|{"from":1}'));
    fireEvent.click(screen.getByRole('button', { name: 'tab' }));
    await waitFor(() => expect(where()).toBe('/auth?tab=register|{"kept":true}'));
    // One entry was added (the push); the replaces took its place.
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/|null'));
  });

  it('<Navigate> sends the visitor on once mounted, with its state', async () => {
    start('/profile', <Navigate to="/auth" replace state={{ from: { pathname: '/profile' } }} />);
    await waitFor(() => expect(where()).toBe('/auth|{"from":{"pathname":"/profile"}}'));
  });

  it('follows a popstate another router sends after changing the URL (the back office leaving /admin)', async () => {
    start('/admin/jobs');
    act(() => {
      window.history.pushState({ usr: null, key: 'k', idx: 1 }, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    });
    await waitFor(() => expect(where()).toBe('/|null'));
  });
});

describe('NavLink', () => {
  function links(path: string) {
    render(
      <MemoryRouter initialEntries={[path]}>
        {['/', '/countries'].map((to) => (
          <NavLink key={to} to={to} end className={({ isActive }) => (isActive ? 'on' : 'off')}>
            {to}
          </NavLink>
        ))}
        <NavLink to="/categories">below</NavLink>
      </MemoryRouter>,
    );
  }

  it('marks the link of the current page (aria-current) and only that one with end', () => {
    links('/countries');
    expect(screen.getByRole('link', { name: '/countries' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '/countries' }).className).toBe('on');
    expect(screen.getByRole('link', { name: '/' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: '/' }).className).toBe('off');
  });

  it('without end, a path below the link is active too', () => {
    links('/categories/data-science');
    expect(screen.getByRole('link', { name: 'below' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '/countries' }).getAttribute('aria-current')).toBeNull();
  });

  it('a click moves the mark', async () => {
    links('/');
    fireEvent.click(screen.getByRole('link', { name: '/countries' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '/countries' }).getAttribute('aria-current')).toBe('page'),
    );
  });
});
