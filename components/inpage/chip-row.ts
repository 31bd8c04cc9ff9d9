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
 * The chips of a paper, in order: its fine (and the user's own) topics first, strongest first, at most
 * MAX_FINE_CHIPS besides any the user follows or made (a followed topic never hides behind stronger ones),
 * then the arXiv categories in the order the paper lists them, except the category of the listing the paper
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
  fine.sort((a, b) => b.tag.score - a.tag.score);
  const first = (c: ChipModel, i: number) =>
    i < MAX_FINE_CHIPS || c.topic.followed || c.topic.kind === 'user';
  const shown = fine.filter(first);
  const rest = fine.filter((c, i) => !first(c, i));
  return { chips: [...shown, ...categories, ...rest], visible: shown.length + categories.length };
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
