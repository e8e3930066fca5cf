import { defineConfig } from 'vitest/config';

/**
 * Three projects, run together by `vitest run` (`npm test`) or one at a time with `--project`:
 * `browser` drives the built site in Chromium (test/browser/); `e2e` starts processes, dev chains or
 * site builds (`*.e2e.test.ts`, and the paid routes on a local chain in test/payments/); `unit` is the
 * rest: in-process code, loopback fakes and the local Redis, the inner loop (`npm run test:unit`).
 */
const BROWSER = ['test/browser/**/*.test.ts'];
const E2E = ['**/*.e2e.test.ts', 'test/payments/**/*.test.ts'];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'dist/**', '.astro/**', 'content/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts'], exclude: [...BROWSER, ...E2E] } },
      { extends: true, test: { name: 'e2e', include: E2E } },
      { extends: true, test: { name: 'browser', include: BROWSER } },
    ],
  },
});
