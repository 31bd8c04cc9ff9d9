import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Paper } from '@/lib/paper';

const DAY = 86_400_000;
const SHARED_CORPUS = resolve('../shared/fixtures/corpus/daily-arxiv-ai-enhanced_2026-06-24.jsonl');

interface Seed {
  title: string;
  abstract: string;
  authors: string[];
  categories: string[];
}

/** Realistic text: the shared day of real CS abstracts when it is next to the project, else a fallback. */
function seeds(): Seed[] {
  if (existsSync(SHARED_CORPUS)) {
    return readFileSync(SHARED_CORPUS, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as { title: string; summary: string; authors: string[]; categories: string[] },
      )
      .map((p) => ({ title: p.title, abstract: p.summary, authors: p.authors, categories: p.categories }));
  }
  return [
    {
      title: 'Agentic Reinforcement Learning for Long-Horizon LLM Agents',
      abstract:
        'Large language model agents trained with reinforcement learning struggle with credit assignment over long ' +
        'horizons. We propose a step-level advantage estimator for multi-turn tool use and evaluate it on web and ' +
        'software-engineering benchmarks, improving success rates by 12% over GRPO baselines.',
      authors: ['A. Author', 'B. Author', 'C. Author', 'D. Author'],
      categories: ['cs.LG', 'cs.AI'],
    },
  ];
}

/**
 * `n` papers with real abstracts spread evenly over `days` days before `end`, in the tracked categories
 * (real papers outside them are moved into cs.AI / cs.LG / cs.CL so every paper counts).
 */
export function benchPapers(n: number, end: number, days = 84): Paper[] {
  const pool = seeds();
  const tracked = ['cs.AI', 'cs.LG', 'cs.CL'];
  return Array.from({ length: n }, (_, i) => {
    const seed = pool[i % pool.length]!;
    const categories = seed.categories.some((c) => tracked.includes(c))
      ? seed.categories
      : [tracked[i % 3]!, ...seed.categories];
    const published = end - Math.floor((i / n) * days * DAY) - (i % 977) * 1000;
    const month =
      new Date(published).toISOString().slice(2, 4) + new Date(published).toISOString().slice(5, 7);
    return {
      id: `${month}.${String(i + 1).padStart(5, '0')}`,
      title: seed.title,
      abstract: seed.abstract,
      authors: seed.authors.slice(0, 10),
      authorCount: seed.authors.length,
      categories,
      primary: categories[0]!,
      published,
      updated: published,
    };
  });
}
