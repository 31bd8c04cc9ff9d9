import type { TaggableText } from '../paper';
import type { CompiledPack } from './load-pack';
import { FieldScan } from './matching/field-scan';
import { splitWords } from './matching/paper-words';
import { ACRONYM } from './matching/phrase-index';
import { type TaggingState, type TopicReach, tokenStems } from './reach';
import { PhraseTable } from './reach-phrases';

/**
 * The learned layer sums its weights in the paper's order, a reach test in its own: a margin far above
 * the rounding of either sum (about 1e-13 here), far below any weight (thousandths).
 */
export const EPSILON = 1e-6;

/** A changed topic's definition in one state, read with that state (its rule features name its topics). */
export interface ChangedReach {
  reach: TopicReach;
  state: TaggingState;
}

/** The topics whose definition differs between two tagging states, with both definitions' reach. */
export interface TopicChange {
  ids: string[];
  reaches: ChangedReach[];
}

/**
 * What changed from the state an index was tagged under (`old`) to the one in force (`now`), or undefined
 * when every paper must be re-tagged (anything global changed, or the topics both know were reordered:
 * ties between topics are broken by the pack's order).
 */
export function changedTopics(old: TaggingState, now: TaggingState): TopicChange | undefined {
  if (old.global !== now.global) return undefined;
  const inNow = new Set(now.order);
  const inOld = new Set(old.order);
  const oldOrder = old.order.filter((id) => inNow.has(id));
  const nowOrder = now.order.filter((id) => inOld.has(id));
  if (oldOrder.length !== nowOrder.length || oldOrder.some((id, i) => id !== nowOrder[i])) return undefined;
  const ids = [...new Set([...Object.keys(old.topics), ...Object.keys(now.topics)])]
    .filter((id) => old.topics[id]?.fp !== now.topics[id]?.fp)
    .sort();
  const changed = new Set(ids);
  // Acronyms some unchanged topic's phrases start with are known before and after: no paper is touched.
  const known = new Set<string>();
  for (const [id, reach] of Object.entries(now.topics)) {
    if (!changed.has(id)) for (const k of reach.keys) known.add(k);
  }
  const reaches: ChangedReach[] = [];
  for (const id of ids) {
    for (const state of [old, now]) {
      const reach = state.topics[id];
      if (!reach) continue;
      const keys = reach.keys.filter((k) => !known.has(k));
      const acronyms = keys.map((k) => [tokenStems(ACRONYM, k)]);
      reaches.push({ reach: { ...reach, phrases: [...reach.phrases, ...acronyms] }, state });
    }
  }
  return { ids, reaches };
}

/**
 * The changed definitions as numbers: which phrases are a topic's own (one hit reaches the paper), and per
 * learned layer its gap and the features that add to it, each feature listed under the phrases that give it.
 */
class CompiledReaches {
  readonly table = new PhraseTable();
  /** Per phrase id: 1 when a changed topic's own phrase. */
  own: Uint8Array = new Uint8Array(0);
  /** Per model: threshold - bias - EPSILON - rest, and its category features. */
  readonly gaps: number[] = [];
  readonly cats: { w: number; cat: string }[][] = [];
  /** Per feature (numbered across models): its model and weight; per phrase, the features it gives. */
  readonly featModel: number[] = [];
  readonly featWeight: number[] = [];
  private readonly featsOf: number[][] = [];
  private readonly ownIds: number[] = [];

  constructor(reaches: readonly ChangedReach[]) {
    for (const { reach, state } of reaches) {
      for (const p of reach.phrases) this.ownIds.push(this.table.add(p));
      for (const m of reach.model ?? []) {
        const k = this.gaps.length;
        this.gaps.push(m.gap - EPSILON - m.rest);
        this.cats.push([]);
        for (const f of m.feats) {
          if (f.cat !== undefined) {
            this.cats[k]!.push({ w: f.w, cat: f.cat });
            continue;
          }
          const g = this.featModel.length;
          this.featModel.push(k);
          this.featWeight.push(f.w);
          const list = f.phrases ?? ruleFeaturePhrases(state, f.given, f.seen);
          for (const id of new Set(list.map((p) => this.table.add(p)))) {
            const feats = this.featsOf[id] ?? [];
            this.featsOf[id] = feats;
            feats.push(g);
          }
        }
      }
    }
    this.own = new Uint8Array(this.table.phrases.length);
    for (const id of this.ownIds) this.own[id] = 1;
  }

  featsGivenBy(id: number): readonly number[] {
    return this.featsOf[id] ?? NONE;
  }
}

const NONE: readonly number[] = [];

/**
 * Whether a paper can be tagged differently under the change: true if one of the changed topics'
 * definitions (before or after) can reach it. False is a proof that its tags stay as they are. The paper's
 * words are split as the tagger splits them (into `pack`'s word table), each spelling stemmed once.
 */
export function reachTest(
  pack: CompiledPack,
  reaches: readonly ChangedReach[],
): (paper: TaggableText) => boolean {
  const c = new CompiledReaches(reaches);
  const paper = c.table.paper();
  const scan = new FieldScan();
  const sums = new Float64Array(c.gaps.length);
  const counted = new Uint32Array(c.featModel.length);
  let stamp = 0;
  return ({ title, abstract, categories }) => {
    const words = pack.index.words;
    // Word ids stay valid for the whole paper: the table is trimmed before it, as the tagger does.
    words.trim();
    paper.start(words);
    splitWords(pack.index, title, scan);
    paper.field(scan, words);
    splitWords(pack.index, abstract, scan);
    paper.field(scan, words);
    paper.match();
    stamp++;
    sums.fill(0);
    for (let h = 0; h < paper.hitCount; h++) {
      const id = paper.hitIds[h]!;
      if (c.own[id]) return true;
      // A feature is counted once however many of its phrases hit.
      for (const g of c.featsGivenBy(id)) {
        if (counted[g] === stamp) continue;
        counted[g] = stamp;
        sums[c.featModel[g]!]! += c.featWeight[g]!;
      }
    }
    for (let k = 0; k < c.gaps.length; k++) {
      let sum = sums[k]!;
      for (const { w, cat } of c.cats[k]!) if (categories.includes(cat)) sum += w;
      if (sum >= c.gaps[k]!) return true;
    }
    return false;
  };
}

/**
 * The stored papers whose tags can differ between an index tagged under `old` and the state in force
 * (`now`): those holding a changed topic, or that one of its definitions can reach; undefined when every
 * paper must be re-tagged (something global changed).
 */
export function reachFilter(pack: CompiledPack, old: TaggingState, now: TaggingState) {
  const change = changedTopics(old, now);
  if (!change) return undefined;
  const changed = new Set(change.ids);
  const reaches = reachTest(pack, change.reaches);
  return (row: TaggableText & { topics: readonly string[] }) =>
    row.topics.some((t) => changed.has(t)) || reaches(row);
}

/** Phrases that make the rules give `given` (its own or a topic's below it), or see `seen`. */
export function ruleFeaturePhrases(state: TaggingState, given?: string, seen?: string): string[][][] {
  const own = (reach: TopicReach) => reach.gives.map((i) => reach.phrases[i]!);
  if (seen !== undefined) return state.topics[seen] ? own(state.topics[seen]) : [];
  const out: string[][][] = [];
  for (const reach of Object.values(state.topics)) {
    if (given !== undefined && isAtOrBelow(state, reach, given)) out.push(...own(reach));
  }
  return out;
}

function isAtOrBelow(state: TaggingState, reach: TopicReach, ancestor: string): boolean {
  const stack = [reach];
  const seen = new Set<TopicReach>();
  while (stack.length) {
    const r = stack.pop()!;
    if (seen.has(r)) continue;
    seen.add(r);
    if (r === state.topics[ancestor]) return true;
    for (const parent of r.parents) {
      if (parent === ancestor) return true;
      const up = state.topics[parent];
      if (up) stack.push(up);
    }
  }
  return false;
}
