import { Briefcase, Clock, ExternalLink, Globe2, MapPin } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from '../../lib/router';
import type { PublicJob } from '@jobs/contracts';
import { EXPERIENCE_NOT_SPECIFIED } from '@jobs/contracts/experience';
import { workFromLabel } from '@jobs/contracts/where-label';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { cardAge, relativeAge } from '../../lib/text/relative-age';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { CompanyLogo } from './company-logo';
import { Highlight } from './highlight';

/** What a card reads of a job: the contract's Job, most fields optional so lists with less can use it. */
export type JobCardJob = Pick<
  PublicJob,
  'id' | 'title' | 'company' | 'location' | 'isRemote' | 'datePosted'
> &
  Partial<
    Pick<
      PublicJob,
      | 'slug'
      | 'companyLogo'
      | 'companyDescription'
      | 'isHybrid'
      | 'type'
      | 'experienceLevel'
      | 'industry'
      | 'description'
      | 'eligibility'
    >
  > & {
    /** The server's feed excerpt (GET /api/jobs adds it); used by the feed card when it is long enough. */
    excerpt?: string;
  };

/**
 * The shortest server excerpt a card shows (contracts' MIN_DESCRIPTION_LENGTH; job-card.test.tsx checks they
 * agree). Not imported: the contracts' description-to-text code would come with it into the feed (issue 23).
 */
export const MIN_EXCERPT_LENGTH = 20;

/** /jobs/{slug}, or /jobs/{id} when the job has no slug. */
export function jobHref(job: Pick<JobCardJob, 'id' | 'slug'>): string {
  return paths.job.getHref(job.slug || job.id);
}

/** 'Hybrid' when the job says so or its location or description mentions hybrid; 'Remote' when remote. */
export function workplaceBadge(job: JobCardJob): 'Remote' | 'Hybrid' | null {
  const hybrid = job.isHybrid ?? /\bhybrid\b/i.test(`${job.location} ${job.description ?? ''}`);
  if (hybrid) return 'Hybrid';
  return job.isRemote ? 'Remote' : null;
}

export interface JobCardProps {
  job: JobCardJob;
  /**
   * 'feed': the home feed's card (relative age in hours, days or weeks; 200-character excerpt over
   * 2 lines). 'card': lists such as similar jobs (age in minutes, hours or days; 150 characters;
   * title and company are links).
   */
  variant?: 'feed' | 'card';
  /** The search text whose words are highlighted. */
  highlight?: string;
  /**
   * The excerpt, when the list has the jobs' descriptions (similar jobs, a company's jobs:
   * `cardExcerpt(job)` from lib/text/excerpt: the API excerpt cut to 150). Without it the card shows the server's `excerpt` (the
   * feed's `fields=card` rows), or '{position} at {company}. Visit website for details.'
   */
  excerpt?: string;
  /** Hides the excerpt and the tags. */
  compact?: boolean;
  headingLevel?: 'h2' | 'h3';
  className?: string;
  ref?: Ref<HTMLElement>;
  now?: Date;
}

export function JobCard({
  job,
  variant = 'card',
  highlight,
  excerpt: givenExcerpt,
  compact = false,
  headingLevel: Heading = 'h3',
  className,
  ref,
  now,
}: JobCardProps) {
  const feed = variant === 'feed';
  const href = jobHref(job);
  const badge = workplaceBadge(job);
  const workFrom = workFromLabel({ ...job, isHybrid: job.isHybrid ?? false });
  const age = feed ? relativeAge(job.datePosted, now) : cardAge(job.datePosted, now);
  const excerpt =
    givenExcerpt ??
    (job.excerpt && job.excerpt.length >= MIN_EXCERPT_LENGTH
      ? job.excerpt
      : `${job.title} at ${job.company}. Visit website for details.`);
  // 'Not specified' says nothing worth a tag or a line on a card; the job page shows it.
  const level = job.experienceLevel === EXPERIENCE_NOT_SPECIFIED ? undefined : job.experienceLevel;
  const tags = [job.type, feed ? undefined : level, job.industry].filter(Boolean) as string[];

  return (
    <article
      ref={ref}
      data-testid="job-card"
      data-job-id={job.id}
      // content-visibility: the browser lays out and paints only the cards near the viewport (a feed of
      // 20 cards is most of a page's layout work before its first paint on a slow phone); the intrinsic
      // size keeps the scrollbar honest and, once a card has rendered, remembers its real height.
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-5 shadow-sm [content-visibility:auto] [contain-intrinsic-size:auto_220px]',
        className,
      )}
    >
      <div className="flex items-start gap-4">
        <CompanyLogo company={job.company} logo={job.companyLogo} size={compact ? 'sm' : 'md'} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Heading className="text-lg leading-snug font-semibold text-slate-900">
              {feed ? (
                <Highlight text={job.title} query={highlight} />
              ) : (
                <Link to={href} className="hover:text-brand-700 hover:underline">
                  <Highlight text={job.title} query={highlight} />
                </Link>
              )}
            </Heading>
            {badge && <Badge variant={badge === 'Remote' ? 'success' : 'warning'}>{badge}</Badge>}
          </div>
          <p className="mt-1 text-sm font-medium text-slate-700">
            {feed ? (
              <Highlight text={job.company} query={highlight} />
            ) : (
              <Link to={paths.company.getHref(job.company)} className="hover:text-brand-700 hover:underline">
                <Highlight text={job.company} query={highlight} />
              </Link>
            )}
          </p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <li className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="h-4 w-4" />
              <span>{job.location || 'Not specified'}</span>
            </li>
            {workFrom && (
              <li className="inline-flex items-center gap-1" data-testid="work-from">
                <Globe2 aria-hidden="true" className="h-4 w-4" />
                <span>{workFrom}</span>
              </li>
            )}
            {level && (
              <li className="inline-flex items-center gap-1">
                <Briefcase aria-hidden="true" className="h-4 w-4" />
                <span>{level}</span>
              </li>
            )}
            <li className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="h-4 w-4" />
              {/* Rendered on the server seconds before the browser hydrates: an age that ticks over in
                  between ('1 hour ago' to '2 hours ago') is no mismatch worth a warning. */}
              <time dateTime={job.datePosted} suppressHydrationWarning>
                {age}
              </time>
            </li>
          </ul>
        </div>
      </div>
      {!compact && (
        <>
          <p
            data-testid="job-excerpt"
            className={cn('mt-3 text-sm text-slate-700', feed ? 'line-clamp-2 min-h-10' : 'line-clamp-3')}
          >
            <Highlight text={excerpt} query={highlight} />
          </p>
          {tags.length > 0 && (
            <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <div className="mt-4 flex justify-end">
        <a
          href={href}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ variant: feed ? 'primary' : 'outline', size: 'sm' })}
        >
          View Job
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">
            : {job.title} at {job.company} (opens in a new tab)
          </span>
        </a>
      </div>
    </article>
  );
}
