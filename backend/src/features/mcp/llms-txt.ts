/**
 * /llms.txt (llmstxt.org): a Markdown file an assistant reads to learn what the board is and where its
 * machine-readable parts are: an H1, a one-paragraph summary in a blockquote, then sections of links.
 */
import { SITE_NAME } from '../site-seo/head';
import { FEED_SIZE } from '@jobs/contracts/open-data';

export function llmsTxt(publicUrl: string): string {
  return `# ${SITE_NAME}

> An open job board of remote and hybrid jobs, posted by employers and read from company applicant tracking systems (Greenhouse, Lever, Ashby and others), with duplicates merged and expired jobs removed. Every listing says where applicants may work (countries, regions, time zones) and, when the posting states it, the salary in its own currency and in US dollars per year.

Everything below is public and needs no key. Anonymous use is rate-limited per address (the answers carry RateLimit headers; past the limit, 429 with Retry-After). Dates are ISO 8601; links are absolute.

## For assistants

- [MCP server](${publicUrl}/mcp): Streamable HTTP (stateless, JSON responses), protocol 2025-11-25. Tools: search_jobs, get_job, get_similar_jobs, search_companies, get_company, get_salary_data, create_job_alert (starts a double opt-in: only a confirmation e-mail is sent). Resources: ${publicUrl}/jobs/{slug} and ${publicUrl}/companies/{slug} as Markdown.
- [Developers page](${publicUrl}/developers): the API reference and copy-paste configuration for Claude, ChatGPT, VS Code and Cursor.

## API

- [OpenAPI document](${publicUrl}/api/openapi.json): every public call, its parameters and answers (OpenAPI 3.1).
- [Job search](${publicUrl}/api/jobs): GET /api/jobs with title, location, experienceLevel, type, industry, salary, isRemote, workFrom, tz, tzHours, duration, sortBy, sortOrder and page.
- [Salary figures](${publicUrl}/api/salaries?title=engineer): n, p25, median and p75 in USD per year from live listings for a title.

## Feeds

- [RSS](${publicUrl}/feed.xml): the newest ${FEED_SIZE} jobs of any search (the same query parameters as /api/jobs); [Atom](${publicUrl}/feed.atom) too.

## Optional

- [Sitemap](${publicUrl}/sitemap.xml)
- [Jobs](${publicUrl}/): the site itself.
`;
}
