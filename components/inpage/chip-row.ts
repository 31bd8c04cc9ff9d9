import type { Annotation, PaperTag, TopicSummary } from '@/lib/messages/schemas';

export interface ChipModel {
  tag: PaperTag;
  topic: TopicSummary;
}

/**
 * A row shows a paper's strongest fine topics, this many: the reference page's papers carry 4.2 tags on
 * average, and in the TRAIN chip review (1,560 papers, every chip judged) a paper's first four chips by
 * score were right 87% of the time, its fifth and sixth 76%. The others wait behind "+N", and the paper
 * is still counted under all its topics (momentum, follows): the row shows first the ones most likely right.
 */
export const MAX_FINE_CHIPS = 4;

/**
 * A narrow topic takes a visible slot when its score is at least this share of the paper's strongest fine
 * topic (its strongest narrow topic always does). Tuned on the TRAIN chip review (1,560 papers, every chip
 * judged): against the four strongest chips, papers with a wrong visible chip fell from 20.0% to 17.4% and
 * narrow topics went from 43% to 72% of the visible chips; a weak narrow topic is right 72% of the time.
 */
export const CONFIDENT_SHARE = 0.6;

/**
 * The chips of a paper, in order: its fine (and the user's own) topics first, the most specific first: the
 * confident topics no other of them narrows, then fields none narrows, each strongest first, at most
 * MAX_FINE_CHIPS besides any the user follows or made (those always show). A broader topic of another of its
 * chips (Reinforcement Learning beside Agentic RL) and a weak narrow topic never take one of those slots.
 * Then the arXiv categories in the order the paper lists them, except the category of the listing the paper
 * is shown in (every row of /list/cs.AI carries cs.AI: a chip there says nothing), then its other fine
 * topics. `visible` chips show; the rest wait behind "+N". A tag whose topic the background did not describe
 * is left out rather than shown under a raw id.
 */
export function orderChips(
  tags: readonly PaperTag[],
  topicOf: (id: string) => TopicSummary | undefined,
  pageCategory?: string,
): { chips: ChipModel[]; visible: number } {
  const fine: ChipModel[] = [];
  const categories: ChipModel[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    const topic = topicOf(tag.id);
    if (!topic || seen.has(tag.id) || tag.id === pageCategory) continue;
    seen.add(tag.id);
    (topic.kind === 'category' ? categories : fine).push({ tag, topic });
  }
  const rank = slotRanks(fine);
  const rankOf = (c: ChipModel) => rank.get(c) ?? 2;
  fine.sort((a, b) => rankOf(a) - rankOf(b) || b.tag.score - a.tag.score);
  const first = (c: ChipModel, i: number) =>
    c.topic.followed || c.topic.kind === 'user' || (i < MAX_FINE_CHIPS && rankOf(c) < 2);
  const shown = fine.filter(first);
  const rest = fine.filter((c, i) => !first(c, i));
  return { chips: [...shown, ...categories, ...rest], visible: shown.length + categories.length };
}

/**
 * 0: a confident narrow topic, 1: a field none of the others narrows, 2: behind "+N" unless followed. Only
 * a confident topic hides its parents: a weak child must not take its parent's slot and then lose its own
 * (RL for Tool Use at a third of Agentic RL's score left a row with neither).
 */
function slotRanks(fine: readonly ChipModel[]): Map<ChipModel, 0 | 1 | 2> {
  // The pack's topics only: the user's own always show, and their scores are a query's, not the tagger's.
  const pack = fine.filter((c) => c.topic.kind === 'fine');
  const top = Math.max(0, ...pack.map((c) => c.tag.score));
  const strong = (c: ChipModel) => c.topic.kind !== 'fine' || c.tag.score >= CONFIDENT_SHARE * top;
  const shows = fine.filter(strong);
  let specificity = specificityRanks(
    fine.map((c) => c.topic),
    shows.map((c) => c.topic),
  );
  let bestNarrow: ChipModel | undefined;
  for (const c of pack) {
    if (specificity.get(c.topic.id) === 0 && (!bestNarrow || c.tag.score > bestNarrow.tag.score))
      bestNarrow = c;
  }
  // The strongest narrow topic shows however weak: then it hides its parents too.
  if (bestNarrow && !strong(bestNarrow))
    specificity = specificityRanks(
      fine.map((c) => c.topic),
      [...shows, bestNarrow].map((c) => c.topic),
    );
  const ranks = new Map<ChipModel, 0 | 1 | 2>();
  for (const c of fine) {
    const s = specificity.get(c.topic.id) ?? 0;
    const confident = c.tag.score >= CONFIDENT_SHARE * top || c === bestNarrow;
    ranks.set(c, s === 0 ? (confident ? 0 : 2) : s);
  }
  return ranks;
}

/**
 * The order of specificity among one paper's topics (their `broader` and `field`, from the pack's hierarchy in
 * lib/topics/specificity.ts): 0 for a topic none of `by` narrows, 1 for a field none narrows, 2 for a topic
 * one of `by` narrows (a parent implied by its child). Lower comes first. `by`: the topics whose word counts
 * (all of them unless told).
 */
export function specificityRanks(
  topics: readonly TopicSummary[],
  by: readonly TopicSummary[] = topics,
): Map<string, 0 | 1 | 2> {
  const narrowed = new Set<string>();
  for (const topic of by) for (const id of topic.broader ?? []) narrowed.add(id);
  return new Map(topics.map((t) => [t.id, narrowed.has(t.id) ? 2 : t.field ? 1 : 0]));
}

/** Room a "+N" button takes at the end of a compact row. */
const MORE_WIDTH = 40;

/**
 * An estimate of a compact chip's width (11 px system font: ~6.3 px a character, plus padding, border,
 * gap and the badge). Estimated, never measured: measuring 2000 rows would force 2000 layouts.
 */
export function estimateChipWidth(name: string, badgeText: string): number {
  return 24 + name.length * 6.3 + 10 + badgeText.length * 6.2;
}

/**
 * How many chips of a compact row fit in `width` (the rest go behind "+N"); at least one, so a row is
 * never only a "+N". Without a width, all of them. `moreAnyway`: a "+N" follows even if all of these fit.
 */
export function fitChips(
  chips: readonly ChipModel[],
  badgeText: (c: ChipModel) => string,
  width?: number,
  moreAnyway = false,
): number {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return chips.length;
  let used = 0;
  for (let i = 0; i < chips.length; i++) {
    const chip = chips[i]!;
    used += estimateChipWidth(chip.topic.name, badgeText(chip));
    const room = i === chips.length - 1 && !moreAnyway ? width : width - MORE_WIDTH;
    if (used > room) return Math.max(1, i);
  }
  return chips.length;
}

/** Room a compact row keeps for the untracked note ("not in your categories · Track"). */
const UNTRACKED_NOTE_WIDTH = 160;

/**
 * What a ready chip row shows, whoever draws it (the live PaperChips or a listing's static row): the chips
 * in order, how many show before "+N", and whether the row carries a followed topic.
 */
export interface ChipRowModel {
  chips: ChipModel[];
  shown: number;
  followed: boolean;
}

export interface ChipRowOptions {
  compact: boolean;
  /** The user asked for every chip ("+N"). */
  expanded?: boolean;
  /** Compact rows: the width the entry gives the row. */
  width?: number;
  pageCategory?: string;
}

export function chipRowModel(
  annotation: Annotation,
  topicOf: (id: string) => TopicSummary | undefined,
  badgeText: (c: ChipModel) => string,
  options: ChipRowOptions,
): ChipRowModel {
  const { chips, visible } = orderChips(annotation.tags, topicOf, options.pageCategory);
  const { width } = options;
  const room = !annotation.tracked && width !== undefined ? width - UNTRACKED_NOTE_WIDTH : width;
  const first = chips.slice(0, visible);
  const shown = options.expanded
    ? chips.length
    : options.compact
      ? fitChips(first, badgeText, room, visible < chips.length)
      : visible;
  return { chips, shown, followed: chips.some((c) => c.topic.followed) };
}

/** The row's classes: the same for both ways of drawing it. */
export function chipRowClass(model: ChipRowModel | null, options: ChipRowOptions): string {
  let name = options.compact ? 'pp-row pp-row--compact' : 'pp-row';
  if (model?.followed) name += ' pp-row--followed';
  if (options.expanded) name += ' pp-row--expanded';
  return name;
}
