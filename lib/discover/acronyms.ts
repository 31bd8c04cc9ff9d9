import { expansionLength, parenthesisedAcronyms } from '../text/acronyms';
import { normalizeText } from '../text/words';
import { foldWord, forEachWordSpan } from './tokens';

/**
 * Acronyms a text defines: "Group Relative Policy Optimization (GRPO)" gives ["grpo", "group relative
 * policy optimization"] (both as phrase keys). The acronyms are found, and matched to the words before
 * them, by the one finder (lib/text/acronyms.ts); here the words are those of the last segment before the
 * parenthesis (a comma or a full stop ends the search), and both forms are keyed as Emerging keys phrases.
 */
export function acronymDefinitions(text: string): { acronym: string; expansion: string }[] {
  const found: { acronym: string; expansion: string }[] = [];
  for (const { inside, open } of parenthesisedAcronyms(text)) {
    const words = lastSegment(text.slice(Math.max(0, open - 120), open));
    if (!words) continue;
    const k = expansionLength(
      inside,
      words.map((w) => w.text),
    );
    if (k > 0) {
      const keys = words.slice(words.length - k).map((w) => w.key);
      found.push({ acronym: foldWord(inside), expansion: keys.join(' ') });
    }
  }
  return found;
}

/**
 * The words of the last segment of `text` that has any (`segments(text).at(-1)`), as keys and as written.
 * Only its words are folded: this runs at every parenthesis of every paper read.
 */
function lastSegment(written: string): { key: string; text: string }[] | undefined {
  const text = normalizeText(written);
  let last: number[] = [];
  let current: number[] = [];
  forEachWordSpan(text, (start, end) => {
    if (start !== end) current.push(start, end);
    else if (current.length > 0) {
      last = current;
      current = [];
    }
  });
  if (current.length > 0) last = current;
  if (last.length === 0) return undefined;
  const words: { key: string; text: string }[] = [];
  for (let i = 0; i < last.length; i += 2) {
    const raw = text.slice(last[i], last[i + 1]);
    words.push({ key: foldWord(raw), text: raw });
  }
  return words;
}
