/** What the Ask e2e suites (Chromium and Firefox) read off the page and recount. */

export interface ShownItem {
  label: string;
  count: number;
  papers: string[];
}

/** Runs in the page: each counted item of section `at` of the shown exact answer, its papers sorted. */
export function readExactItems(at: number): ShownItem[] {
  const sections = document.querySelectorAll('[data-ask-answer][data-ask-mode="exact"] section');
  return [...(sections[at]?.querySelectorAll('[data-ask-item]') ?? [])].map((item) => ({
    label: item.querySelector('[data-ask-label]')?.textContent ?? '',
    count: Number(item.getAttribute('data-count')),
    papers: [...item.querySelectorAll('[data-arxiv-id]')]
      .map((a) => a.getAttribute('data-arxiv-id') ?? '')
      .sort(),
  }));
}

/** label -> sorted ids, recounted from what the fixture put in each paper. */
export function recount(
  ids: readonly string[],
  keysOf: (id: string) => readonly string[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const id of ids) for (const key of keysOf(id)) out.set(key, [...(out.get(key) ?? []), id]);
  return new Map([...out].map(([k, v]) => [k, v.sort()]));
}

/** The counts of the largest `n` keys, largest first. */
export function topCounts(counted: Map<string, string[]>, n = 12): number[] {
  return [...counted.values()]
    .map((v) => v.length)
    .sort((a, b) => b - a)
    .slice(0, n);
}
