import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, screenshot, watchConsole } from './support/browser';

describe('site shell in a real browser', () => {
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function open(path: string, viewport = { width: 1280, height: 900 }) {
    page = await browser.newPage({ viewport });
    errors = watchConsole(page);
    const res = await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
    return res;
  }

  it('header links lead to their pages', async () => {
    await open('/about');
    const header = page.locator('header').first();
    for (const [label, path] of [
      ['Countries', '/countries'],
      ['Resources', '/resources'],
      ['Job Types', '/job-types'],
      ['Browse Jobs', '/'],
    ] as const) {
      await header.getByRole('link', { name: label, exact: true }).first().click();
      await page.waitForURL((u) => u.pathname === path);
    }
    await header.getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL((u) => u.pathname === '/auth' && u.searchParams.get('tab') === 'register');
    await screenshot(page, 'shell-auth');
    await page.close();
  });

  it('footer has the spec columns, links that work and the current year', async () => {
    await open('/about');
    const footer = page.locator('footer');
    for (const heading of [
      'For Job Seekers',
      'For Employers',
      'Company',
      'Search Jobs by Country',
      'Job Categories',
      'Jobs by Type',
    ]) {
      await footer.getByText(heading, { exact: true }).first().waitFor({ state: 'visible' });
    }
    expect(await footer.innerText()).toContain(
      'The best place to find and list remote jobs. Connect with companies hiring remotely from anywhere in the world.',
    );
    expect(await footer.innerText()).toContain(String(new Date().getFullYear()));
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL((u) => u.pathname === '/privacy');
    await footer.getByRole('link', { name: 'View all countries' }).click();
    await page.waitForURL((u) => u.pathname === '/countries' && u.hash === '#all-countries');
    await page.locator('#all-countries').waitFor({ state: 'visible' });
    // Signed out, GET /api/user answers 401 by design, and chromium logs every 4xx fetch.
    expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    await page.close();
  });

  it('the mobile menu toggles open and closed', async () => {
    await open('/about', { width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: /toggle menu/i });
    await toggle.waitFor({ state: 'visible' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const menuId = await toggle.getAttribute('aria-controls');
    const menu = page.locator(`#${menuId}`);
    await menu.getByRole('link', { name: 'Job Types' }).waitFor({ state: 'visible' });
    await screenshot(page, 'shell-mobile-menu');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('an unknown path shows the not-found page with HTTP 404', async () => {
    const res = await open('/this/page/does/not/exist');
    expect(res?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/not found/i);
    await page.locator('header').waitFor({ state: 'visible' });
    await page.locator('footer').waitFor({ state: 'visible' });
    await page.close();
  });
});
