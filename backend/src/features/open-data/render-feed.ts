/**
 * RSS 2.0 and Atom 1.0 for a search. Each item: title, company, link to the job page, published date,
 * location and workplace, type, salary when known, and a plain-text summary. The same facts are also
 * given as categories and as `job:` extension elements, so readers and scripts need not parse prose.
 */
import { EXPERIENCE_NOT_SPECIFIED } from '@jobs/contracts';
import type { FeedItem } from './feed-items';
import { plainSummary, workplaceOf } from './feed-items';
import { element, emptyElement, textElement, XML_DECLARATION } from './xml';

export interface FeedChannel {
  title: string;
  description: string;
  /** The board's page of this search. */
  siteUrl: string;
  /** This feed's own URL. */
  selfUrl: string;
  publicUrl: string;
  /** The newest update among the items, or now for an empty feed. */
  updated: Date;
}

/** The namespace of the `job:` extension elements (documented on /developers). */
export const JOB_NAMESPACE = (publicUrl: string) => `${publicUrl}/developers#feeds`;

export const jobUrl = (publicUrl: string, item: Pick<FeedItem, 'slug'>) =>
  `${publicUrl}/jobs/${encodeURIComponent(item.slug)}`;

/** The job's experience level, unless no one stated one (a reader needs no 'Not specified' fact). */
const statedLevel = (item: FeedItem): string | null =>
  item.experienceLevel === EXPERIENCE_NOT_SPECIFIED ? null : item.experienceLevel;

/** The summary line and the excerpt, as a reader shows them. */
export function summaryOf(item: FeedItem): string {
  const facts = [item.location, workplaceOf(item), item.type, statedLevel(item), item.salary]
    .filter(Boolean)
    .join(' · ');
  const excerpt = plainSummary(item.excerpt);
  return excerpt ? `${item.company} · ${facts}\n\n${excerpt}` : `${item.company} · ${facts}`;
}

function categories(item: FeedItem, format: 'rss' | 'atom', publicUrl: string): string[] {
  const base = `${publicUrl}/developers`;
  const pairs: [string, string][] = [
    ['type', item.type],
    ['experienceLevel', statedLevel(item) ?? ''],
    ['industry', item.industry],
    ['workplace', workplaceOf(item)],
  ];
  return pairs
    .filter(([, v]) => v)
    .map(([kind, v]) =>
      format === 'rss'
        ? textElement('category', v, { domain: `${base}#${kind}` })
        : emptyElement('category', { term: v, scheme: `${base}#${kind}`, label: v }),
    );
}

function jobExtension(item: FeedItem): string[] {
  return [
    textElement('job:company', item.company),
    textElement('job:location', item.location),
    textElement('job:remote', String(item.isRemote)),
    textElement('job:hybrid', String(item.isHybrid)),
    textElement('job:type', item.type),
    textElement('job:experienceLevel', item.experienceLevel),
    textElement('job:industry', item.industry),
    textElement('job:salary', item.salary),
  ];
}

export function renderRss(channel: FeedChannel, items: FeedItem[]): string {
  const ns = JOB_NAMESPACE(channel.publicUrl);
  const entries = items.map((item) => {
    const link = jobUrl(channel.publicUrl, item);
    return element('item', [
      textElement('title', `${item.title} at ${item.company}`),
      textElement('link', link),
      textElement('guid', link, { isPermaLink: 'true' }),
      textElement('pubDate', item.datePosted.toUTCString()),
      textElement('dc:creator', item.company),
      ...categories(item, 'rss', channel.publicUrl),
      textElement('description', summaryOf(item)),
      ...jobExtension(item),
    ]);
  });
  return (
    XML_DECLARATION +
    element(
      'rss',
      [
        element('channel', [
          textElement('title', channel.title),
          textElement('link', channel.siteUrl),
          textElement('description', channel.description),
          textElement('language', 'en'),
          textElement('lastBuildDate', channel.updated.toUTCString()),
          textElement('ttl', '5'),
          emptyElement('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' }),
          ...entries,
        ]),
      ],
      {
        version: '2.0',
        'xmlns:atom': 'http://www.w3.org/2005/Atom',
        'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
        'xmlns:job': ns,
      },
    )
  );
}

export function renderAtom(channel: FeedChannel, items: FeedItem[]): string {
  const ns = JOB_NAMESPACE(channel.publicUrl);
  const entries = items.map((item) => {
    const link = jobUrl(channel.publicUrl, item);
    return element('entry', [
      textElement('id', link),
      textElement('title', `${item.title} at ${item.company}`, { type: 'text' }),
      emptyElement('link', { rel: 'alternate', type: 'text/html', href: link }),
      textElement('published', item.datePosted.toISOString()),
      textElement('updated', item.updatedAt.toISOString()),
      element('author', [textElement('name', item.company)]),
      ...categories(item, 'atom', channel.publicUrl),
      textElement('summary', summaryOf(item), { type: 'text' }),
      ...jobExtension(item),
    ]);
  });
  return (
    XML_DECLARATION +
    element(
      'feed',
      [
        textElement('id', channel.selfUrl),
        textElement('title', channel.title, { type: 'text' }),
        textElement('subtitle', channel.description, { type: 'text' }),
        textElement('updated', channel.updated.toISOString()),
        emptyElement('link', { rel: 'self', type: 'application/atom+xml', href: channel.selfUrl }),
        emptyElement('link', { rel: 'alternate', type: 'text/html', href: channel.siteUrl }),
        textElement('generator', 'RemoteJobs open data'),
        ...entries,
      ],
      { xmlns: 'http://www.w3.org/2005/Atom', 'xmlns:job': ns },
    )
  );
}
