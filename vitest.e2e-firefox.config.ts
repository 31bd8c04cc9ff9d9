import { defineConfig } from 'vitest/config';

// The Firefox end-to-end suite: the built MV2 extension (.output/firefox-mv2) in Firefox ESR, driven over
// WebDriver BiDi by puppeteer-core; one browser per file.
export default defineConfig({
  test: {
    include: ['test/e2e-firefox/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
