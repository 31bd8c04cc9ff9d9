import { bareAcronym as bare, capitals, parenthesisedAcronyms } from '../../text/acronyms';
import { FieldScan } from '../matching/field-scan';
import { bucketOfKey, type PhraseIndex } from '../matching/phrase-index';

/**
 * Acronyms a paper defines for itself: "Group Relative Policy Optimization (GRPO)" makes every later
 * "GRPO" count as the phrase it stands for, in the abstract and in the title ("SAPO: ..."). The acronyms
 * are found by the one finder (lib/text/acronyms.ts); what they stand for is the pack phrase before them.
 */

/** Whether a hit before hit h ends where it does. */
function endsEarlier(hitEnd: Int32Array, h: number): boolean {
  for (let k = 0; k < h; k++) if (hitEnd[k] === hitEnd[h]) return true;
  return false;
}

/** A use of a defined acronym: the pattern of the phrase it stands for, at one word. */
export interface AcronymUse {
  pattern: number;
  at: number;
}

/** No uses: what most papers get, without allocating. */
const NONE = { title: [], abstract: [] } as const;

/**
 * Hits for the uses of acronyms the abstract defines right after a phrase of the pack, except the
 * defining occurrence itself. Acronyms the pack already knows (RL, LLM) keep their own meaning.
 */
export function acronymUses(
  index: PhraseIndex,
  abstract: string,
  abstractScan: FieldScan,
  titleScan: FieldScan,
): { title: readonly AcronymUse[]; abstract: readonly AcronymUse[] } {
  if (!abstract.includes('(')) return NONE;
  const candidates = new Set<string>();
  for (const { acronym } of parenthesisedAcronyms(abstract)) {
    if (bucketOfKey(index, acronym) < 0) candidates.add(acronym);
  }
  if (candidates.size === 0) return NONE;

  const { raws } = index.words;
  const { words, wordCount, hitPattern, hitStart, hitEnd, hitCount } = abstractScan;
  // The longest phrase ending right before each candidate defines it; the first definition wins. Hits
  // come in start order, so the first hit to end at a word is the longest one ending there.
  const defined = new Map<string, { pattern: number; at: number }>();
  for (let h = 0; h < hitCount; h++) {
    const end = hitEnd[h]!;
    if (end >= wordCount) continue;
    const word = bare(raws[words[end]!]!);
    if (!candidates.has(word) || defined.has(word) || endsEarlier(hitEnd, h)) continue;
    // The acronym must plausibly spell the phrase: same first letter, and not more capitals than the
    // phrase has words (+1, for "3D"), so "Self-Generated Text Recognition (SGTR)" does not define SGTR
    // as "text recognition".
    const first = raws[words[hitStart[h]!]!]![0]!.toLowerCase();
    if (word[0]!.toLowerCase() !== first || capitals(word) > end - hitStart[h]! + 1) continue;
    defined.set(word, { pattern: hitPattern[h]!, at: end });
  }
  if (defined.size === 0) return NONE;

  // Most words cannot be a use: their first letter starts no defined acronym.
  const initials = new Set<number>();
  for (const word of defined.keys()) initials.add(word.charCodeAt(0));
  const uses = (scan: FieldScan, skipDefinitions: boolean): AcronymUse[] => {
    const found: AcronymUse[] = [];
    for (let i = 0; i < scan.wordCount; i++) {
      const raw = raws[scan.words[i]!]!;
      if (!initials.has(raw.charCodeAt(0))) continue;
      const definition = defined.get(bare(raw));
      if (definition && !(skipDefinitions && definition.at === i))
        found.push({ pattern: definition.pattern, at: i });
    }
    return found;
  };
  return { title: uses(titleScan, false), abstract: uses(abstractScan, true) };
}

// Scratch for mergeUses (tagging is synchronous): no FieldScan of four typed arrays allocated per merge.
const MERGED = new FieldScan();

/**
 * Adds one-word hits for acronym uses to a scan, keeping start order: a use goes after every hit that
 * starts at or before its word (they are all at least as long).
 */
export function mergeUses(scan: FieldScan, uses: readonly AcronymUse[]) {
  if (uses.length === 0) return;
  const merged = MERGED;
  merged.hitCount = 0;
  let h = 0;
  for (const use of uses) {
    for (; h < scan.hitCount && scan.hitStart[h]! <= use.at; h++) {
      merged.pushHit(scan.hitPattern[h]!, scan.hitStart[h]!, scan.hitEnd[h]!);
    }
    merged.pushHit(use.pattern, use.at, use.at + 1);
  }
  for (; h < scan.hitCount; h++) merged.pushHit(scan.hitPattern[h]!, scan.hitStart[h]!, scan.hitEnd[h]!);
  // The two swap arrays: the scan's old ones are the scratch of the next merge.
  const { hitPattern, hitStart, hitEnd } = scan;
  scan.hitPattern = merged.hitPattern;
  scan.hitStart = merged.hitStart;
  scan.hitEnd = merged.hitEnd;
  scan.hitCount = merged.hitCount;
  merged.hitPattern = hitPattern;
  merged.hitStart = hitStart;
  merged.hitEnd = hitEnd;
}
