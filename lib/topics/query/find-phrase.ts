import type { FieldIndex } from './prepare-text';
import type { TermToken, WorkMeter } from './query-ast';

/**
 * First position where the tokens occur consecutively, or -1. Where the phrase's rarest word is rare, each
 * place it occurs is checked (phrase length x occurrences); where that would cost more than reading the
 * text, the text is scanned once instead (shiftAndStart). Either way at most about one step per word of
 * the text, whatever the phrase length.
 */
export function phraseStart(tokens: readonly TermToken[], index: FieldIndex, meter: WorkMeter): number {
  let anchor = -1;
  let anchorPositions: readonly number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    meter.steps++;
    const token = tokens[i]!;
    const positions = (token.caseSensitive ? index.byAcronym : index.byStem).get(token.key);
    if (!positions) return -1;
    if (anchor < 0 || positions.length < anchorPositions.length) {
      anchor = i;
      anchorPositions = positions;
    }
  }
  if (anchorPositions.length * tokens.length > index.tokens.length)
    return shiftAndStart(tokens, index, meter);
  for (const position of anchorPositions) {
    const start = position - anchor;
    if (start < 0 || start + tokens.length > index.tokens.length) continue;
    let all = true;
    for (let j = 0; j < tokens.length && all; j++) {
      meter.steps++;
      all = j === anchor || tokenAt(index, start + j, tokens[j]!);
    }
    if (all) return start;
  }
  return -1;
}

/**
 * Shift-And: bit j of `state` says the phrase's first j+1 words end at the current word of the text. One
 * mask per phrase key says where in the phrase that key stands, so each word of the text costs a lookup
 * and a shift. A word of the text can match a stem and an acronym of the phrase at once ("RL" is the stem
 * rl and the acronym RL): its mask is the union of both. Phrases have at most MAX_PHRASE_WORDS (32) words.
 */
function shiftAndStart(tokens: readonly TermToken[], index: FieldIndex, meter: WorkMeter): number {
  const byStem = new Map<string, number>();
  const byAcronym = new Map<string, number>();
  tokens.forEach((token, j) => {
    const masks = token.caseSensitive ? byAcronym : byStem;
    masks.set(token.key, (masks.get(token.key) ?? 0) | (1 << j));
  });
  const last = 1 << (tokens.length - 1);
  let state = 0;
  for (let i = 0; i < index.tokens.length; i++) {
    meter.steps++;
    const { raw, stem } = index.tokens[i]!;
    let mask = byStem.get(stem) ?? 0;
    if (byAcronym.size > 0) {
      mask |= byAcronym.get(raw) ?? 0;
      if (raw.endsWith('s')) mask |= byAcronym.get(raw.slice(0, -1)) ?? 0;
    }
    state = ((state << 1) | 1) & mask;
    if (state & last) return i - tokens.length + 1;
  }
  return -1;
}

function tokenAt(index: FieldIndex, position: number, token: TermToken): boolean {
  const found = index.tokens[position];
  if (!token.caseSensitive) return found?.stem === token.key;
  return found?.raw === token.key || found?.raw === `${token.key}s`;
}
