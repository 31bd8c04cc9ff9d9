import { defineConfig } from 'vitest/config';

// The Firefox end-to-end suite: the built MV2 and MV3 extensions (.output/firefox-mv2, .output/firefox-mv3) in
// Firefox ESR, driven over WebDriver BiDi by puppeteer-core; one browser per build, one at a time.
export default defineConfig({
  test: {
    include: ['test/e2e-firefox/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
