import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Paper } from '@/lib/paper';

/**
 * The real corpus beside the project (../shared/corpus: 54,001 arXiv CS papers of 2025-03-18..2026-03-31,
 * with the day each was announced). The bench maps its days onto a window that ends now, so the extension
 * (which dates momentum from the newest data it holds) sees them as recent.
 */
const NAME = 'corpus/arxiv-cs-2025-03-18_2026-03-31.jsonl.gz';
/** `shared` beside the project (a checkout) or beside its parent (a worktree under wt/); PP_CORPUS overrides. */
export const CORPUS_FILE =
  process.env.PP_CORPUS ??
  [resolve('../shared', NAME), resolve('../../shared', NAME)].find((f) => existsSync(f)) ??
  resolve('../shared', NAME);
export const TRACKED = ['cs.AI', 'cs.LG', 'cs.CL'];
const DAY = 86_400_000;
const WEEK = 7 * DAY;

interface CorpusLine {
  id: string;
  announced: string;
  categories: string[];
  title: string;
  abstract: string;
  authors: string[];
}

/** Why corpus sections cannot run here, or undefined when the corpus is present. */
export function corpusMissing(): string | undefined {
  return existsSync(CORPUS_FILE)
    ? undefined
    : `skipped: the real corpus ${CORPUS_FILE} is absent (looked in ../shared and ../../shared; set PP_CORPUS to its path)`;
}

let cache: CorpusLine[] | undefined;
function lines(): CorpusLine[] {
  const missing = corpusMissing();
  if (missing) throw new Error(missing);
  cache ??= gunzipSync(readFileSync(CORPUS_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CorpusLine);
  return cache;
}

export interface CorpusOptions {
  /** How many weeks, counted back from the corpus's last day (2026-03-31). */
  weeks: number;
  /**
   * Where the corpus's last day lands (ms); its papers keep their distance to it. Default: PP_CORPUS_END
   * (ms) when set, else 2 h ago. The papers (and so the key of a seed cached in .bench/) change with it:
   * pin it to reuse a seed built earlier in the day (its newest paper is published at end - 1 min).
   */
  end?: number;
  /** Only papers listed in one of these categories (default: the extension's tracked three). */
  categories?: readonly string[] | 'all';
  /**
   * Copies per real paper (may be fractional: 4.5 = four copies of each, a fifth of every other one).
   * Copies keep their original's text and announced day (at another time of day) and get new ids.
   */
  scale?: number;
}

/**
 * Real papers as the index would hold them. `published` = announced day shifted onto the window ending at
 * `end`, at a time of day spread by position (the corpus has days, not times); real title, abstract,
 * categories and authors (first 10 stored, as the index does).
 */
export function corpusPapers(options: CorpusOptions): Paper[] {
  const all = lines();
  const last = Math.max(
    ...[...new Set(all.map((p) => p.announced))].map((d) => Date.parse(`${d}T00:00:00Z`)),
  );
  const end = options.end ?? (Number(process.env.PP_CORPUS_END) || Date.now() - 2 * 3_600_000);
  const shift = Math.floor(end / DAY) * DAY - last; // whole days: weekdays stay weekdays
  const from = last - options.weeks * WEEK + DAY;
  const cats = options.categories ?? TRACKED;
  const picked = all.filter(
    (p) =>
      Date.parse(`${p.announced}T00:00:00Z`) >= from &&
      (cats === 'all' || p.categories.some((c) => cats.includes(c))),
  );
  const scale = options.scale ?? 1;
  const out: Paper[] = [];
  const perMonth = new Map<string, number>();
  for (let copy = 0; copy < Math.ceil(scale); copy++) {
    const share = Math.min(1, scale - copy);
    picked.forEach((p, i) => {
      if (copy > 0 && (i % 1000) / 1000 >= share) return;
      const day = Date.parse(`${p.announced}T00:00:00Z`) + shift;
      // A time of day before `end`, different for every copy.
      const published = Math.min(day + ((i * 7 + copy * 3_613) % 1_200) * 36_000, end - 60_000);
      out.push(paperOf(p, copy === 0 ? p.id : copyId(published, perMonth), published));
    });
  }
  return out;
}

/** A fresh id in the month of `published` (numbers from 60000 up, above the corpus's own). */
function copyId(published: number, perMonth: Map<string, number>): string {
  const iso = new Date(published).toISOString();
  const month = iso.slice(2, 4) + iso.slice(5, 7);
  const n = (perMonth.get(month) ?? 60_000) + 1;
  perMonth.set(month, n);
  if (n > 99_999) throw new Error(`more than 40,000 copies in ${month}`);
  return `${month}.${n}`;
}

function paperOf(p: CorpusLine, id: string, published: number): Paper {
  return {
    id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors.slice(0, 10),
    authorCount: p.authors.length,
    categories: p.categories,
    primary: p.categories[0]!,
    published,
    updated: published,
  };
}

/** Papers the corpus has a year of in the tracked categories, scaled to `target` (about arXiv's volume). */
export function yearScale(target: number): number {
  const year = corpusPapers({ weeks: 52 }).length;
  return target / year;
}
