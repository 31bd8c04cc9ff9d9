import { type FieldIndex, scanTable } from './prepare-text';
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
 * Shift-And: bit j of `state` says the phrase's first j+1 words end at the current word of the text. Each
 * phrase key's mask (where in the phrase it stands) is put in its slot of the field's scan table, so each
 * word of the text costs two typed-array reads and a shift. A word can match a stem and an acronym of the
 * phrase at once ("RL" is the stem rl and the acronym RL): its mask is the union of both. Phrases have at
 * most MAX_PHRASE_WORDS (32) words. Only called when every word of the phrase is in the field.
 */
function shiftAndStart(tokens: readonly TermToken[], index: FieldIndex, meter: WorkMeter): number {
  const table = scanTable(index, meter);
  const slots = tokens.map((token) =>
    token.caseSensitive ? table.acronymSlots.get(token.key)! : table.stemSlots.get(token.key)!,
  );
  // Two words of the phrase that never stand side by side in the text: no need to read it.
  for (let j = 1; j < tokens.length; j++) {
    meter.steps++;
    if (tokens[j - 1]!.caseSensitive || tokens[j]!.caseSensitive) continue;
    if (!table.pairs.has(slots[j - 1]! * table.stemSlots.size + slots[j]!)) return -1;
  }
  tokens.forEach((token, j) => {
    const masks = token.caseSensitive ? table.acronymMasks : table.stemMasks;
    masks[slots[j]!]! |= 1 << j;
  });
  const { stemIds, acronymIds, stemMasks, acronymMasks } = table;
  const last = 1 << (tokens.length - 1);
  let state = 0;
  let found = -1;
  let i = 0;
  for (; i < stemIds.length; i++) {
    const acronym = acronymIds[i]!;
    const mask = stemMasks[stemIds[i]!]! | (acronym >= 0 ? acronymMasks[acronym]! : 0);
    state = ((state << 1) | 1) & mask;
    if (state & last) {
      found = i - tokens.length + 1;
      break;
    }
  }
  meter.steps += i; // counted once: a counter bumped in the loop costs as much as the loop
  // The slots are shared by every phrase scanned in this field: leave them clear.
  tokens.forEach((token, j) => {
    (token.caseSensitive ? table.acronymMasks : table.stemMasks)[slots[j]!] = 0;
  });
  return found;
}

function tokenAt(index: FieldIndex, position: number, token: TermToken): boolean {
  const found = index.tokens[position];
  if (!token.caseSensitive) return found?.stem === token.key;
  return found?.raw === token.key || found?.raw === `${token.key}s`;
}
