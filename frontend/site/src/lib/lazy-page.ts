import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, useState, type ComponentType } from 'react';
import type { InitialState } from './initial-state';

/** A page's module: the page, and what it puts in the query cache from the server's state (app/router.tsx). */
export interface PageModule<P extends object> {
  default: ComponentType<P>;
  prime?: (queryClient: QueryClient, pathname: string) => void;
  /**
   * Loads the page's lazy parts that it renders with the server's `state` (an error screen, an empty
   * feed), before the first render: on the server so they are in its HTML, in the browser so they
   * hydrate without suspending. Parts no first view shows load when rendered (issue 23).
   */
  parts?: (state: InitialState | undefined, pathname: string) => Promise<unknown> | undefined;
}

export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the page's chunk; once it is in, a new mount renders the page without suspending. */
  preload(): Promise<PageModule<P>>;
}

/**
 * React.lazy that can be loaded before the first render (pages, and lazy parts of a page: `parts` above). A lazy page always suspends once, and React 19
 * holds a revealed Suspense boundary back until its fallback has shown for 300 ms: the home page painted
 * its hero 300 ms after the header. main.tsx preloads the page of the first URL, so it renders at once.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  // One import per page for the life of the process: the server preloads the page before every render, and
  // a dynamic import() of a module already in still goes through the module loader (and, under `node
  // --import tsx`, a round trip to its hooks thread, ~0.3 ms and a yield to other requests per render).
  // A failed load is forgotten, so the next attempt imports afresh.
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Page(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [component] = useState(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  Page.preload = preload;
  return Page;
}
