import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { emergingAnswer } from '@/lib/store/emerging';
import { agenticPaper, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

// Every worker life starts a pass. One that wrote nothing must not read the index to check Emerging's kept
// answer: at a year's scale that check (counting 16 weeks of papers) held IndexedDB for the first second of
// the worker's life, and the searches a page asked meanwhile waited on it (test/eval/results/bench-2026-12-07.txt).
describe("a pass's end", () => {
  it("brings Emerging's answer up to date only when the pass wrote papers", async () => {
    const bg = createTestBackground(syntheticPapers(END, 84, 3, []), NOW);
    const checks = vi.spyOn(emergingAnswer, 'read');
    await bg.setSettings({ ...DEFAULT_SETTINGS, historyWeeks: 12 });
    await bg.app.installed();
    await bg.app.idle();
    expect((await bg.call<{ papers: number }>('status.get')).papers).toBeGreaterThan(100);
    expect(checks).toHaveBeenCalled();

    // A new worker life with nothing to fetch: its pass ends without touching Emerging.
    checks.mockClear();
    const asked = bg.requests.length;
    await bg.restart();
    await bg.app.idle();
    expect(bg.requests.length).toBe(asked);
    expect(checks).not.toHaveBeenCalled();

    // A refresh that brings a new paper: the answer is brought up to date after it.
    bg.setNow(NOW + DAY);
    bg.papers.push(agenticPaper(90, NOW + DAY / 2));
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.requests.length).toBeGreaterThan(asked);
    expect(checks).toHaveBeenCalled();
  });
});
