import type { ChipModel } from './order-tags';

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
 * never only a "+N". Without a width, all of them.
 */
export function fitChips(
  chips: readonly ChipModel[],
  badgeText: (c: ChipModel) => string,
  width?: number,
): number {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return chips.length;
  let used = 0;
  for (let i = 0; i < chips.length; i++) {
    const chip = chips[i]!;
    used += estimateChipWidth(chip.topic.name, badgeText(chip));
    const room = i === chips.length - 1 ? width : width - MORE_WIDTH;
    if (used > room) return Math.max(1, i);
  }
  return chips.length;
}
