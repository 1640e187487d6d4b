import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built site served by the real server, driven by playwright-core in Debian's chromium. */
export default defineConfig({
  test: {
    globalSetup: ['tests/browser/support/global-server.ts'],
    include: ['tests/browser/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One server, one browser per file; files run one at a time to keep the 2-core machine steady.
    fileParallelism: false,
  },
});
