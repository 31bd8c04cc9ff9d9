import { cleanText } from './page/clean-text';

const MAX_AUTHOR = 500;

/**
 * An author's name in reading order. arXiv's `citation_author` tags (and PMLR's, NeurIPS's) write
 * `Last, First`; ACL Anthology's and the visible author lists write `First Last`. One comma is flipped
 * (`Riedl, Mark O.` -> `Mark O. Riedl`); two keep a suffix at the end (`King, Jr., Martin` -> `Martin King Jr.`).
 */
export function displayAuthorName(raw: string): string {
  const name = cleanText(raw, MAX_AUTHOR * 2);
  const parts = name.split(',').map((p) => p.trim());
  let ordered = name;
  if (parts.length === 2 && parts[0] && parts[1]) ordered = `${parts[1]} ${parts[0]}`;
  else if (parts.length === 3 && parts[0] && parts[1] && parts[2])
    ordered = `${parts[2]} ${parts[0]} ${parts[1]}`;
  return cleanText(ordered, MAX_AUTHOR);
}

/** A visible author list written as one string: `A, B and C`, `A, B, & C`. */
export function splitAuthorList(text: string): string[] {
  return cleanText(text, 200_000)
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
