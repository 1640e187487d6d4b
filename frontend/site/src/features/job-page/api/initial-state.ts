/**
 * The job page the server already looked up (backend/src/features/site-seo/job.ts), sent with the HTML as
 * window.__INITIAL_STATE__.jobPage, so the page renders without a round trip. Used once, and only for
 * the identifier it was rendered for; later loads (Try Again, another job) fetch for real.
 */
import type { PublicCardJob, PublicJob } from '@jobs/contracts';
import { readInitialState, takeInitial } from '../../../lib/initial-state';
import type { CompanyDetails } from './get-company';
import type { StructuredJob } from './get-structured-job';

export type JobPageState =
  | {
      identifier: string;
      status: 200;
      job: PublicJob;
      /** The page's other queries, answered by the server with the job (absent from older servers). */
      structured?: StructuredJob;
      /** The similar jobs as their cards show them (GET …/similar?fields=card). */
      similar?: PublicCardJob[];
      company?: CompanyDetails | null;
    }
  | { identifier: string; status: 404 }
  | {
      identifier: string;
      status: 410;
      gone: {
        message: string;
        reason: string | null;
        removedAt: string | null;
        title: string;
        slug?: string;
      };
    };

function read(): JobPageState | undefined {
  return readInitialState()?.jobPage as JobPageState | undefined;
}

/** The server's lookup for `identifier`, at most once per page load. */
export function takeInitialJob(identifier: string): JobPageState | undefined {
  return takeInitial('jobPage', (state) => {
    const page = state.jobPage as JobPageState | undefined;
    return page?.identifier === identifier ? page : undefined;
  });
}

/** The title of a removed job the server rendered (the 410 API body has none), by its id or its slug. */
export function goneTitle(identifier: string): string | undefined {
  const state = read();
  if (state?.status !== 410) return undefined;
  return state.identifier === identifier || state.gone.slug === identifier ? state.gone.title : undefined;
}
