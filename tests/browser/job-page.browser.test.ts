import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, ingest, launchBrowser, screenshot, watchConsole } from './support/browser';

const run = Date.now().toString(36);
const DESCRIPTION =
  '<p>We are a small team building tools for rocket engineers all over the world.</p>' +
  '<h2>Responsibilities</h2><ul><li>Build the launch API</li><li>Review code</li></ul>' +
  '<h2>Requirements</h2><ul><li>3 years of TypeScript</li></ul>' +
  '<h2>Benefits</h2><ul><li>Four-day week</li></ul>';

interface Posted {
  slug: string;
  id: number;
}

function item(externalId: string, overrides: Record<string, unknown> = {}) {
  return {
    action: 'posted',
    externalId: `${run}-${externalId}`,
    title: 'Rocket Software Engineer',
    company: `Acme ${run}`,
    companyDescription: 'Acme builds rockets for everyone.',
    companyWebsite: 'https://acme.example',
    companySize: '51-200',
    location: 'Berlin, Germany',
    workplace: 'remote',
    employmentType: 'Full-time',
    experienceLevel: 'Senior',
    salary: '$120,000 - $150,000 / year',
    descriptionHtml: DESCRIPTION,
    applicationUrl: 'https://acme.example/apply/1',
    ...overrides,
  };
}

async function post(externalId: string, overrides: Record<string, unknown> = {}): Promise<Posted> {
  const res = (await ingest([item(externalId, overrides)])) as unknown as {
    results: { slug?: string; id?: number; status: string }[];
  };
  const result = res.results[0]!;
  expect(result.slug, JSON.stringify(result)).toBeTruthy();
  return { slug: result.slug!, id: result.id! };
}

async function close(externalId: string, reason: string) {
  await ingest([{ action: 'closed', externalId: `${run}-${externalId}`, reason }]);
}

const utcDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

describe('job and company pages in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const jobs: Record<string, Posted> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    jobs.main = await post('main');
    jobs.similar = await post('similar', {
      title: 'Senior Rocket Software Engineer',
      company: `Initech ${run}`,
    });
    jobs.lonely = await post('lonely', {
      title: 'Zymurgy Fermentation Steward',
      company: `Brewery ${run}`,
      descriptionHtml: '<p>Look after our barrels and keep the cellar tidy every single day of the week.</p>',
      salary: null,
    });
    jobs.noIntro = await post('no-intro', {
      title: 'Quartermaster Of Llamas',
      company: `Farm ${run}`,
      descriptionHtml: '<h2>Requirements</h2><ul><li>Patience with llamas</li></ul>',
    });
    jobs.removed = await post('removed', { title: 'Retired Role Planner' });
    await close('removed', 'Position filled');
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(path: string) {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = watchConsole(page);
    return page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  }

  const h1 = () => page.getByRole('heading', { level: 1 }).first();

  it('replaces a numeric id with the slug, without a new history entry', async () => {
    page = await browser.newPage();
    await page.addInitScript(() => {
      (window as unknown as { startLength: number }).startLength = history.length;
    });
    await page.goto(`${baseUrl()}/jobs/${jobs.main!.id}`);
    await page.waitForURL((u) => u.pathname === `/jobs/${jobs.main!.slug}`);
    await h1().waitFor();
    expect(await h1().innerText()).toBe('Rocket Software Engineer');
    const lengths = await page.evaluate(() => ({
      now: history.length,
      start: (window as unknown as { startLength: number }).startLength,
    }));
    expect(lengths.now).toBe(lengths.start);
    await page.close();
  });

  it('shows the header, both tabs and the sidebar', async () => {
    const res = await open(`/jobs/${jobs.main!.slug}`);
    expect(res?.status()).toBe(200);
    expect(await h1().innerText()).toBe('Rocket Software Engineer');
    await page.getByRole('link', { name: 'Back to jobs' }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.innerText()).toContain(`Acme ${run}`);
    expect(await page.getByTestId('location-badge').first().innerText()).toBe('Berlin, Germany (Remote)');
    expect(await page.getByText('$120,000 - $150,000 / year').count()).toBeGreaterThan(0);
    // When its source last confirmed it (here: posted moments ago by the run's ingestion source).
    expect(await page.getByTestId('job-verified').innerText()).toMatch(
      /^Verified by browser-tests (just now|\d+ minutes? ago)$/,
    );

    // Job Details tab: facts, then the structured sections.
    const details = page.getByRole('tabpanel');
    await details.getByRole('heading', { name: 'Responsibilities' }).waitFor();
    const text = await details.innerText();
    for (const part of [
      'Job Description',
      'Build the launch API',
      'Requirements',
      '3 years of TypeScript',
      'Benefits',
      'Four-day week',
      'Posted',
    ]) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'job-page-details');

    // Company Profile tab, fetched separately.
    await page.getByRole('tab', { name: 'Company Profile' }).click();
    const company = page.getByRole('tabpanel');
    await company.getByRole('heading', { name: 'About the Company' }).waitFor();
    await company.getByText('Acme builds rockets for everyone.').waitFor();
    const companyText = await company.innerText();
    expect(companyText).not.toContain('AI Generated');
    for (const part of ['Company Website', 'acme.example', 'Company Size', '51-200', 'Founded', 'Industry']) {
      expect(companyText).toContain(part);
    }
    expect(await company.getByRole('link', { name: /View All Jobs/ }).getAttribute('href')).toBe(
      `/companies/${encodeURIComponent(`Acme ${run}`)}`,
    );
    await screenshot(page, 'job-page-company');

    // Sidebar: Apply Now and Job Information.
    const apply = page.getByTestId('apply-now').first();
    expect(await apply.getAttribute('href')).toBe('https://acme.example/apply/1');
    expect(await apply.getAttribute('target')).toBe('_blank');
    expect(await apply.getAttribute('rel')).toContain('noopener');
    const sidebar = page.getByRole('complementary', { name: 'Job actions and information' });
    expect(await sidebar.innerText()).toMatch(/Job Information[\s\S]*Posted[\s\S]*Experience[\s\S]*Senior/);
    // The shell's anonymous GET /api/user answers 401 by design; anything else is a real error.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await page.close();
  });

  it('the tabs follow the keyboard pattern: arrows and Home/End move and select, one tab stop', async () => {
    await open(`/jobs/${jobs.main!.slug}`);
    const details = page.getByRole('tab', { name: 'Job Details' });
    const company = page.getByRole('tab', { name: 'Company Profile' });
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Responsibilities' }).waitFor();
    expect(await details.getAttribute('aria-selected')).toBe('true');
    expect(await company.getAttribute('tabindex')).toBe('-1');
    const panelId = await details.getAttribute('aria-controls');
    expect(await page.getByRole('tabpanel').getAttribute('id')).toBe(panelId);
    await details.focus();
    await page.keyboard.press('ArrowRight');
    expect(await company.getAttribute('aria-selected')).toBe('true');
    expect(await company.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('tabpanel').getByRole('heading', { name: 'About the Company' }).waitFor();
    await page.keyboard.press('Home');
    expect(await details.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await company.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight'); // wraps
    expect(await details.getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('share links open the networks post intents with the job URL', async () => {
    await open(`/jobs/${jobs.main!.slug}`);
    const url = encodeURIComponent(`${baseUrl()}/jobs/${jobs.main!.slug}`);
    const x = page.getByTestId('share-x');
    const linkedIn = page.getByTestId('share-linkedin');
    expect(await x.getAttribute('href')).toMatch(
      new RegExp(
        `^https://twitter\\.com/intent/tweet\\?text=.+&url=${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
      ),
    );
    expect(await linkedIn.getAttribute('href')).toBe(
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    );
    for (const link of [x, linkedIn]) expect(await link.getAttribute('target')).toBe('_blank');
    await page.close();
  });

  it('says which sections are missing', async () => {
    await open(`/jobs/${jobs.lonely!.slug}`);
    const panel = page.getByRole('tabpanel');
    await panel.getByText('No requirements specified.').waitFor();
    await panel.getByText('No benefits specified.').waitFor();
    expect(await panel.innerText()).toContain('Look after our barrels');
    await page.close();

    await open(`/jobs/${jobs.noIntro!.slug}`);
    await page.getByRole('tabpanel').getByText('No detailed description available.').waitFor();
    await page.close();
  });

  it('falls back to splitting the description itself when the structured fetch fails', async () => {
    page = await browser.newPage();
    await page.route(
      (u) => u.pathname.endsWith('/structured'),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    // The server renders the sections itself (issue 23): the page fetches them only when reached inside
    // the site, as here (a client-side navigation from another page).
    await page.goto(`${baseUrl()}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate((href) => {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/jobs/${jobs.main!.slug}`);
    await page
      .getByText('Could not analyze job description. Using original content instead.')
      .waitFor({ timeout: 15_000 });
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: 'Responsibilities' }).waitFor();
    expect(await panel.innerText()).toContain('Build the launch API');
    expect(await panel.innerText()).toContain('Four-day week');
    await screenshot(page, 'job-page-structured-failed');
    await page.close();
  });

  it('lists similar jobs, or says there are none', async () => {
    await open(`/jobs/${jobs.main!.slug}`);
    const similar = page.getByTestId('similar-jobs');
    await similar.waitFor();
    await similar.getByRole('link', { name: 'Senior Rocket Software Engineer', exact: true }).waitFor();
    expect(await similar.getByRole('link', { name: 'Rocket Software Engineer', exact: true }).count()).toBe(
      0,
    );
    await page.close();

    await open(`/jobs/${jobs.lonely!.slug}`);
    await page.getByText('No similar jobs found.').waitFor();
    await page.close();
  });

  it('a removed job answers 410 and shows the reason and the removal date', async () => {
    const res = await open(`/jobs/${jobs.removed!.slug}`);
    expect(res?.status()).toBe(410);
    expect(await h1().innerText()).toBe('Job No Longer Available');
    const text = await page.getByTestId('gone-text').innerText();
    expect(text).toBe(
      `This job has been removed or has expired. Reason: Position filled (Removed on ${utcDate(new Date())})`,
    );
    const browse = page.getByRole('link', { name: /Browse live jobs like/ });
    expect(await browse.getAttribute('href')).toBe(`/?title=${encodeURIComponent('Retired Role Planner')}`);
    await page.getByRole('link', { name: 'Back to Jobs' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.close();
  });

  it('an unknown job answers 404 with Job Not Found', async () => {
    const res = await open('/jobs/no-such-job-anywhere');
    expect(res?.status()).toBe(404);
    expect(await h1().innerText()).toBe('Job Not Found');
    await page.getByText("The job you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Jobs' }).waitFor();
    await page.close();
  });

  it('a server error shows Service Temporarily Unavailable and Try Again fetches again', async () => {
    page = await browser.newPage();
    const path = `/jobs/${jobs.main!.slug}`;
    // Without the server's state the page asks the API, which fails until Try Again.
    await page.route(
      (u) => u.pathname === path,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<script[^>]*>window\.__INITIAL_STATE__=[\s\S]*?<\/script>/,
          '',
        );
        await route.fulfill({ response, body });
      },
    );
    let failing = true;
    let apiCalls = 0;
    await page.route(
      (u) => u.pathname === `/api${path}`,
      async (route) => {
        apiCalls++;
        if (failing) {
          await route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'Internal error',
              code: 'INTERNAL_ERROR',
              error: { code: 'INTERNAL_ERROR' },
            }),
          });
        } else await route.continue();
      },
    );
    await page.goto(`${baseUrl()}${path}`);
    await page.getByRole('heading', { name: 'Service Temporarily Unavailable' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Back to Jobs' }).waitFor();
    const callsBefore = apiCalls;
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rocket Software Engineer' }).waitFor();
    expect(apiCalls).toBeGreaterThan(callsBefore);
    await page.close();
  });

  it('the company page lists only its live jobs; an unknown company is not found', async () => {
    await post('acme-second', { title: 'Rocket Test Pilot' });
    // A link by name (as the cards make it) moves to the company's slug for good: reloads and shares keep working.
    const res = await open(`/companies/${encodeURIComponent(`Acme ${run}`)}`);
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/companies/acme-${run}`);
    expect(res?.request().redirectedFrom()?.response()).toBeTruthy();
    expect(await h1().innerText()).toBe(`Acme ${run}`);
    const list = page.getByTestId('company-jobs');
    await list.waitFor();
    const titles = await list.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles.sort()).toEqual(['Rocket Software Engineer', 'Rocket Test Pilot']);
    expect(await page.getByText('Retired Role Planner').count()).toBe(0);
    for (const part of ['About the Company', 'Website', 'Company Size', 'Founded', 'Industry']) {
      expect(await page.locator('main').innerText()).toContain(part);
    }
    await screenshot(page, 'company-page');
    await page.close();

    const missing = await open('/companies/Nobody%20At%20All');
    expect(missing?.status()).toBe(404);
    expect(await h1().innerText()).toBe('Company Not Found');
    await page.close();
  });

  it('axe finds no serious or critical accessibility violation on the job and company pages', async () => {
    for (const path of [
      `/jobs/${jobs.main!.slug}`,
      `/companies/acme-${run}`,
      `/jobs/${jobs.removed!.slug}`,
    ]) {
      // AxeBuilder needs a page of an explicit context.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
      await h1().waitFor();
      await page
        .getByRole('status')
        .first()
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => undefined);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
      await context.close();
    }
  });
});
