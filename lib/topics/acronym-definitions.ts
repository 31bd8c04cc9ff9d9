import type { Hit, PhraseIndex } from './phrase-index';
import type { Token } from './text';

/**
 * Acronyms a paper defines for itself: "Group Relative Policy Optimization (GRPO)" makes every later
 * "GRPO" count as the phrase it stands for, in the abstract and in the title ("SAPO: ...").
 */

// One word in parentheses, closed or followed by a list: "(GRPO)", "(RLVR;", "(MLLMs,".
const PARENTHESISED = /\(([\p{L}\p{N}]{2,16})[),;]/gu;

function capitals(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 65 && c <= 90) n++;
  }
  return n;
}

function bare(raw: string): string {
  return raw.length > 2 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
}

/**
 * Hits for the uses of acronyms the abstract defines right after a phrase of the pack, except the
 * defining occurrence itself. Acronyms the pack already knows (RL, LLM) keep their own meaning.
 */
export function acronymHits(
  index: PhraseIndex,
  abstract: string,
  abstractTokens: readonly Token[],
  abstractHits: readonly Hit[],
  titleTokens: readonly Token[],
): { title: Hit[]; abstract: Hit[] } {
  const none = { title: [], abstract: [] };
  if (!abstract.includes('(')) return none;
  const candidates = new Set<string>();
  for (const m of abstract.matchAll(PARENTHESISED)) {
    const word = bare(m[1]!);
    if (capitals(word) >= 2 && !index.byAcronym.has(word)) candidates.add(word);
  }
  if (candidates.size === 0) return none;

  // The longest phrase ending right before each candidate defines it; the first definition wins.
  const defined = new Map<string, { pattern: number; at: number }>();
  const longestEndingAt = new Map<number, Hit>();
  for (const hit of abstractHits) {
    const best = longestEndingAt.get(hit.end);
    if (!best || hit.end - hit.start > best.end - best.start) longestEndingAt.set(hit.end, hit);
  }
  for (const [end, hit] of longestEndingAt) {
    const word = abstractTokens[end] ? bare(abstractTokens[end].raw) : undefined;
    if (!word || !candidates.has(word) || defined.has(word)) continue;
    // The acronym must plausibly spell the phrase: same first letter, and not more capitals than the
    // phrase has words (+1, for "3D"), so "Self-Generated Text Recognition (SGTR)" does not define SGTR
    // as "text recognition".
    const first = abstractTokens[hit.start]!.raw[0]!.toLowerCase();
    if (word[0]!.toLowerCase() !== first || capitals(word) > hit.end - hit.start + 1) continue;
    defined.set(word, { pattern: hit.pattern, at: end });
  }
  if (defined.size === 0) return none;

  const uses = (tokens: readonly Token[], skipDefinitions: boolean): Hit[] => {
    const hits: Hit[] = [];
    tokens.forEach((token, i) => {
      const definition = defined.get(bare(token.raw));
      if (definition && !(skipDefinitions && definition.at === i)) {
        hits.push({ pattern: definition.pattern, start: i, end: i + 1 });
      }
    });
    return hits;
  };
  return { title: uses(titleTokens, false), abstract: uses(abstractTokens, true) };
}
