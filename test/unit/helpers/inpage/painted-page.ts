import { vi } from 'vitest';

/**
 * Makes the test page say it has painted (a 'paint' timing entry), as a real page has once laid out:
 * happy-dom paints nothing, and an unpainted page that opens at its top takes its first entries as a
 * listing's head (lib/content/near-head.ts). Restored by `vi.restoreAllMocks()`.
 */
export function paintedPage(): void {
  const perf = window.performance;
  const real = perf.getEntriesByType.bind(perf);
  vi.spyOn(perf, 'getEntriesByType').mockImplementation((type: string) =>
    type === 'paint' ? ([{ name: 'first-paint', entryType: 'paint' }] as PerformanceEntryList) : real(type),
  );
}
