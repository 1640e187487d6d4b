import { feedPath } from '@jobs/contracts/open-data';

const ANONYMOUS_PER_MINUTE = 600;

/** How to use our data: what is open, the polite rate, and the attribution we ask for. */
export function UsageTerms() {
  const origin = window.location.origin;
  return (
    <>
      <h2>Feeds</h2>
      <p>
        Every search on the board is a feed. Add <code>/feed.xml</code> (RSS 2.0) or <code>/feed.atom</code>{' '}
        (Atom) with the search&apos;s filters: <code>title</code>, <code>location</code>,{' '}
        <code>experienceLevel</code>, <code>type</code>, <code>salary</code>, <code>industry</code>,{' '}
        <code>isRemote</code> and <code>sort</code> (<code>newest</code>, the default, <code>oldest</code> or{' '}
        <code>relevance</code>). For example{' '}
        <a href={feedPath('rss', { title: 'react', isRemote: 'true' })}>
          {origin}
          {feedPath('rss', { title: 'react', isRemote: 'true' })}
        </a>
        . A feed lists the newest 50 matching jobs; removed jobs leave it. The RSS link above the job list
        gives the feed of the search on screen.
      </p>
      <h2>Usage terms</h2>
      <ul>
        <li>
          The jobs API, feeds and embeddable list are free and need no key. Browsers may call them from any
          site (CORS, without cookies).
        </li>
        <li>
          Please be polite: at most {ANONYMOUS_PER_MINUTE} requests a minute from one address. Every answer
          carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{' '}
          <code>RateLimit-Reset</code>; past the limit you get a 429 with <code>Retry-After</code>. Feeds are
          cacheable for five minutes and answer 304 to <code>If-None-Match</code>, so poll no more often.
        </li>
        <li>
          Link each job you show to its page on our board, and credit us with a link to{' '}
          <a href={`${origin}/`}>{origin.replace(/^https?:\/\//, '')}</a>. The embeddable list does both for
          you.
        </li>
      </ul>
    </>
  );
}
