import { FeedToolbar, Hero, JobFeed, WhyRemote, useFeedState } from '../../features/jobs-feed';
import type { FeedFilters, FilterName } from '../../features/jobs-feed';
import { JobAlertButton } from '../../features/alerts/components/job-alert-button';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { FeedNotice } from '../../features/jobs-feed/components/job-feed';
import type { HomeInitialState } from '../../features/jobs-feed/initial-state';
import type { InitialState } from '../../lib/initial-state';

/** A feed the server rendered without jobs shows its empty state: loaded before the first render. */
export function parts(state: InitialState | undefined): Promise<unknown> | undefined {
  const home = state?.home as HomeInitialState | undefined;
  return home && home.firstPage.data.length === 0 ? FeedNotice.preload() : undefined;
}

/** Home (spec section 2): hero search, filter and sort bar, the infinite job feed, why remote work. */
export default function HomeRoute() {
  const { state, setFilter, clearFilters, setSort } = useFeedState();
  const onFilterChange = (name: FilterName, value: string) =>
    setFilter(name, value as FeedFilters[typeof name]);
  const { filters } = state;
  const alertDefaults = { ...filters, isRemote: filters.isRemote === 'true' };
  const [sortBy, sortOrder] = state.sort.split(':');

  return (
    <>
      <Hero
        title={state.filters.title}
        onTitleChange={(title) => setFilter('title', title)}
        actions={
          <JobAlertButton label="Receive Job Alerts" variant="secondary" defaultValues={alertDefaults} />
        }
      />
      <section aria-labelledby="feed-heading" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8">
        <FeedToolbar
          filters={state.filters}
          sort={state.sort}
          onFilterChange={onFilterChange}
          onClear={clearFilters}
          onSortChange={setSort}
        />
        <div className="mt-6">
          <JobFeed
            state={state}
            actions={
              <>
                <SaveSearchButton filters={{ ...filters, sortBy, sortOrder }} />
                <JobAlertButton
                  label="Get Job Alerts"
                  variant="outline"
                  size="sm"
                  defaultValues={alertDefaults}
                />
              </>
            }
          />
        </div>
      </section>
      <WhyRemote />
    </>
  );
}
