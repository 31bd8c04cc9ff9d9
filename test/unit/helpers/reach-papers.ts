import { readFileSync } from 'node:fs';
import type { Paper } from '@/lib/paper';

/** The categories the reach tests index (the default tracked ones). */
export const REACH_CATEGORIES = ['cs.AI', 'cs.LG', 'cs.CL'];

/**
 * 216 real papers of the corpus, chosen so that each change of test/bench/reach-variants.ts alters some of
 * them: the re-tag that touches only what changed is checked on them.
 */
export const reachPapers: Paper[] = readFileSync(
  new URL('../../fixtures/topics/reach-papers.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Paper);
