/** Where the labelled set's papers come from, and how it is split by time. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED = process.env.PULSE_SHARED ?? join(PROJECT, '..', 'shared');
export const CORPUS_FILE = join(SHARED, 'corpus', 'arxiv-cs-2025-03-18_2026-03-31.jsonl.gz');

/** Papers announced before this day may be tuned on; from it on (2026-01..03) they are only reported. */
export const SPLIT_DATE = '2026-01-01';

export interface CorpusPaper {
  id: string;
  announced: string;
  categories: string[];
  title: string;
  abstract: string;
  authors: string[];
}
