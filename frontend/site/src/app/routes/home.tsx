import { FeedToolbar, Hero, JobFeed, WhyRemote, useFeedState } from '../../features/jobs-feed';
import type { FeedFilters, FilterName } from '../../features/jobs-feed';

/** Home (spec section 2): hero search, filter and sort bar, the infinite job feed, why remote work. */
export default function HomeRoute() {
  const { state, setFilter, clearFilters, setSort } = useFeedState();
  const onFilterChange = (name: FilterName, value: string) =>
    setFilter(name, value as FeedFilters[typeof name]);

  return (
    <>
      <Hero title={state.filters.title} onTitleChange={(title) => setFilter('title', title)} />
      <section aria-labelledby="feed-heading" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6 lg:px-8">
        <FeedToolbar
          filters={state.filters}
          sort={state.sort}
          onFilterChange={onFilterChange}
          onClear={clearFilters}
          onSortChange={setSort}
        />
        <div className="mt-6">
          <JobFeed state={state} />
        </div>
      </section>
      <WhyRemote />
    </>
  );
}
