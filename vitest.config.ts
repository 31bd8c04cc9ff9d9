import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    setupFiles: ['fake-indexeddb/auto'],
    testTimeout: 20_000,
  },
});
