import {
  computeMomentum,
  countInSorted,
  DAY_MS,
  type Momentum,
  WINDOW_MS,
  weeklyCounts,
} from '../../momentum';
import { heldByFile } from '../../momentum/coverage';
import { createCatalog } from '../../topics/catalog';
import { loadPack } from '../../topics/load-pack';
import type { TopicTag } from '../../topics/types';
import { type CliCommand, CliError, parseArgs } from '../command';
import { type CliPaper, readPapersFile } from '../read-papers';
import { readUserTopicsFile } from './tag';

/** One output line, in the order DESIGN.md's CLI contract lists the fields. */
export interface MomentumLine {
  id: string;
  name: string;
  recent: number;
  previous: number;
  change: Momentum['change'];
  share: Momentum['share'];
  trend: Momentum['trend'];
  p: Momentum['p'];
  weekly: { weekStart: string; count: number }[];
}

/**
 * `pulse momentum FILE --as-of T [--topics FILE]`: one JSON line per topic present in FILE.
 * "All papers" (the share and the binomial baseline) is every paper in FILE, each id counted once; FILE
 * holds each category from the day of its earliest paper (a topic is "new" only where that reaches back).
 */
export const momentumCommand: CliCommand = {
  usage:
    'FILE --as-of T [--topics FILE]   (T: YYYY-MM-DD = end of that UTC day, or an ISO date-time; UTC if no offset)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['as-of', 'topics']);
    if (positional.length !== 1) throw new CliError('momentum needs exactly one FILE');
    const asOf = options['as-of'];
    if (asOf === undefined) throw new CliError('momentum needs --as-of T');
    const T = parseAsOf(asOf);
    const path = positional[0]!;
    const papers = await readPapersFile(path);
    const catalog = createCatalog(loadPack());
    // Same --topics file format and id handling as `pulse tag`.
    const user = options.topics ? await readUserTopicsFile(options.topics, catalog) : undefined;
    const lines = momentumLines(
      papers,
      T,
      (paper) => {
        const tags = catalog.tag(paper);
        return user ? tags.map((t) => ({ ...t, topicId: user.givenId.get(t.topicId) ?? t.topicId })) : tags;
      },
      (id) => catalog.name(user?.internalId.get(id) ?? id),
      path,
    );
    for (const line of lines) out(JSON.stringify(line));
    return 0;
  },
};

/**
 * The momentum of every topic that tags at least one paper, most recent papers first (then id).
 * Pure apart from the tagger it is given; a paper without `published` is an error naming its place.
 */
export function momentumLines(
  papers: readonly CliPaper[],
  T: number,
  tag: (paper: CliPaper) => TopicTag[],
  nameOf: (id: string) => string,
  path = 'input',
): MomentumLine[] {
  const seen = new Set<string>();
  const allTimes: number[] = [];
  const topicTimes = new Map<string, number[]>();
  const earliest = new Map<string, number>();
  // Each topic's papers of the recent window, by their categories: which categories the topic lives in.
  const recentCategories = new Map<string, string[][]>();
  for (const paper of papers) {
    if (paper.published === undefined) {
      throw new CliError(
        `${path}: ${paper.where ?? paper.id}: published: missing (momentum needs the v1 date)`,
      );
    }
    // The same paper listed under several categories is one paper.
    if (seen.has(paper.id)) continue;
    seen.add(paper.id);
    allTimes.push(paper.published);
    for (const c of ['', ...paper.categories]) {
      earliest.set(c, Math.min(earliest.get(c) ?? paper.published, paper.published));
    }
    const recent = paper.published > T - WINDOW_MS && paper.published <= T;
    for (const topicId of new Set(tag(paper).map((t) => t.topicId))) {
      const times = topicTimes.get(topicId);
      if (times) times.push(paper.published);
      else topicTimes.set(topicId, [paper.published]);
      if (!recent) continue;
      const list = recentCategories.get(topicId);
      if (list) list.push(paper.categories);
      else recentCategories.set(topicId, [paper.categories]);
    }
  }
  const held = heldByFile(earliest);
  const all = countInSorted(allTimes.sort((a, b) => a - b));
  const lines = [...topicTimes].map(([id, times]): MomentumLine => {
    const topic = countInSorted(times.sort((a, b) => a - b));
    const m = computeMomentum(topic, all, T, held(recentCategories.get(id) ?? []));
    const weekly = weeklyCounts(topic, T).map(({ weekStart, count }) => ({ weekStart, count }));
    return {
      id,
      name: nameOf(id),
      recent: m.recent,
      previous: m.previous,
      change: m.change,
      share: m.share,
      trend: m.trend,
      p: m.p,
      weekly,
    };
  });
  return lines.sort(
    (a, b) => b.recent - a.recent || b.previous - a.previous || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * `--as-of`: a date means the end of that UTC day (so that day's papers count, as with the extension's
 * cut-off); a date-time is that instant, read as UTC when it has no offset so results never depend on the
 * machine's time zone.
 */
export function parseAsOf(text: string): number {
  const trimmed = text.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  const dateTime = DATE_TIME.exec(trimmed);
  const day = dateOnly ? trimmed : dateTime?.[1];
  // Date.parse accepts 2026-02-30 as 2 March; a real calendar date round-trips.
  const dayStart = day === undefined ? Number.NaN : Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(dayStart) || new Date(dayStart).toISOString().slice(0, 10) !== day) {
    throw new CliError(`--as-of: not an ISO date or date-time: ${JSON.stringify(text)}`);
  }
  if (dateOnly) return dayStart + DAY_MS - 1;
  const t = Date.parse(dateTime![2] ? trimmed : `${trimmed}Z`);
  if (!Number.isFinite(t)) throw new CliError(`--as-of: not an ISO date-time: ${JSON.stringify(text)}`);
  return t;
}
