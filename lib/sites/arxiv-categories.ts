import { ARXIV_ARCHIVES } from './arxiv-archives';

/**
 * arXiv category codes as pages show them: `cs.LG`, `hep-th`, `cond-mat.stat-mech`, `math-ph`, and in
 * labels like `Machine Learning (cs.LG)` (abstract pages, listings). Pure text functions.
 */

const CATEGORY = /^([a-z]+(?:-[a-z]+)?)(?:\.[A-Za-z]+(?:-[A-Za-z]+)*)?$/;

const MAX_CATEGORY = 40;
const LABEL_CODE = /\(([^()]+)\)\s*$/;

export function isArxivCategory(text: string): boolean {
  if (text.length > MAX_CATEGORY) return false;
  const archive = CATEGORY.exec(text)?.[1];
  return archive !== undefined && ARXIV_ARCHIVES.has(archive);
}

/** `Machine Learning (cs.LG)` -> `cs.LG`; a bare code is returned as it is; anything else -> null. */
export function categoryFromLabel(label: string): string | null {
  const text = label.replace(/\s+/g, ' ').trim();
  const inParens = LABEL_CODE.exec(text)?.[1]?.trim();
  if (inParens !== undefined && isArxivCategory(inParens)) return inParens;
  return isArxivCategory(text) ? text : null;
}

/** `Machine Learning (cs.LG); Artificial Intelligence (cs.AI)` -> `['cs.LG', 'cs.AI']`, no duplicates. */
export function categoriesFromSubjects(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(';')) {
    const code = categoryFromLabel(part);
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}
