import { defineConfig } from 'vitest/config';

// The end-to-end suite: the built extension (.output/chrome-mv3) in real Chromium, one browser per file.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
