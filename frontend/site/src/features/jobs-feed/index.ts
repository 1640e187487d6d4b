export { Hero } from './components/hero';
export { FeedToolbar } from './components/feed-toolbar';
export { JobFeed } from './components/job-feed';
export { WhyRemote } from './components/why-remote';
export { useFeedState } from './hooks/use-feed-state';

export type { FeedFilters, FeedState, FilterName, SortKey } from './filters';
export type { FeedJob, JobsPage, FilterOptions } from './types';
