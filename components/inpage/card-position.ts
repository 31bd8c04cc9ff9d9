export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const MARGIN = 8;
const GAP = 4;

/**
 * Where a fixed-position card goes for a chip: below it when it fits, else above, else wherever it
 * shows most; kept inside the viewport horizontally.
 */
export function placeCard(
  chip: Box,
  card: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const below = chip.top + chip.height + GAP;
  const above = chip.top - GAP - card.height;
  const fitsBelow = below + card.height <= viewport.height - MARGIN;
  const fitsAbove = above >= MARGIN;
  let top = below;
  if (!fitsBelow && fitsAbove) top = above;
  else if (!fitsBelow) top = Math.max(MARGIN, viewport.height - MARGIN - card.height);
  const maxLeft = Math.max(MARGIN, viewport.width - MARGIN - card.width);
  const left = Math.min(Math.max(MARGIN, chip.left), maxLeft);
  return { top: Math.round(top), left: Math.round(left) };
}
