import type { QueryClient } from '@tanstack/react-query';
import { primeCompanyPage } from '../features/company-page/api/get-company';
import { primeJobPage } from '../features/job-page/api/get-job';

/**
 * The data the server rendered the page at `pathname` with (window.__INITIAL_STATE__), put into the query
 * cache before the first render: by entry-server.tsx before rendering, by main.tsx before hydrating. The
 * two renders then see the same data (hydration matches) and the browser asks the API nothing it already
 * shows: TanStack's dehydrate/hydrate, with the page's own smaller state. The home feed reads its state
 * as the queries' initialData (features/jobs-feed/initial-state.ts).
 */
export function primeQueries(queryClient: QueryClient, pathname: string): void {
  primeJobPage(queryClient, pathname);
  primeCompanyPage(queryClient, pathname);
}
