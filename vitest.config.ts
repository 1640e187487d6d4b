import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-db.ts'],
    include: [
      '{contracts,backend,projections,search}/src/**/*.test.ts',
      'frontend/**/src/**/*.test.{ts,tsx}',
      'tests/hardening/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/*.browser.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
  },
});
