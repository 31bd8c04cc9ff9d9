import type { CompiledPack } from './pack-model';
import {
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
} from './pack-model';
import type { Hit } from './phrase-index';
import type { Token } from './text';
import type { Evidence, TopicTag } from './types';

/**
 * From phrase hits to scored fine topics. A title hit says what a paper is about more than an abstract
 * hit, and a phrase repeated in the abstract more than one said in passing; weak cues only add to a
 * score that strong phrases or a co-occurrence started.
 */

export const SCORE = {
  titleStrong: 4,
  titleStrongExtra: 1,
  abstractStrong: 2,
  abstractStrongRepeat: 0.75,
  abstractStrongRepeatCap: 3,
  titleCue: 0.5,
  abstractCue: 0.25,
  cueCap: 1,
  combo: 1.5,
  comboTitle: 1,
  comboRepeat: 0.25,
  comboRepeatCap: 6,
  /** A title hit, or a strong phrase said twice in the abstract (2 + 0.75), or a phrase with support. */
  threshold: 2.75,
};

/** One field of the paper with its phrase hits, in start order (longest first at one position). */
export interface Field {
  where: 'title' | 'abstract';
  tokens: readonly Token[];
  hits: readonly Hit[];
}

/**
 * Per-topic counters for one paper, in flat arrays reused from paper to paper (a paper touches a few
 * dozen of the pack's topics; allocating an object for each was most of the scoring time).
 * `stamp` says which paper a topic's counters belong to, so nothing needs clearing.
 */
class Tallies {
  paper = 0;
  readonly stamp: Uint32Array;
  readonly strongTitle: Uint16Array;
  readonly lastTitlePattern: Int32Array;
  readonly strongAbstract: Uint16Array;
  readonly cueTitle: Uint16Array;
  readonly cueAbstract: Uint16Array;
  readonly groups: Uint8Array;
  readonly groupsInTitle: Uint8Array;
  readonly groupHits: Uint16Array;
  readonly required: Uint8Array;
  readonly excluded: Uint8Array;
  /** Containment: a hit inside a longer hit of the same topic adds nothing. */
  readonly field: Int8Array;
  readonly coveredEnd: Int32Array;
  readonly lastHit: Int32Array;
  readonly lastHitContained: Uint8Array;
  touched: number[] = [];
  /** Hits that count, as topic and field * 2^20 + hit number; evidence is built for given topics only. */
  refTopics: number[] = [];
  refs: number[] = [];

  constructor(n: number) {
    this.stamp = new Uint32Array(n);
    this.strongTitle = new Uint16Array(n);
    this.lastTitlePattern = new Int32Array(n);
    this.strongAbstract = new Uint16Array(n);
    this.cueTitle = new Uint16Array(n);
    this.cueAbstract = new Uint16Array(n);
    this.groups = new Uint8Array(n);
    this.groupsInTitle = new Uint8Array(n);
    this.groupHits = new Uint16Array(n);
    this.required = new Uint8Array(n);
    this.excluded = new Uint8Array(n);
    this.field = new Int8Array(n);
    this.coveredEnd = new Int32Array(n);
    this.lastHit = new Int32Array(n);
    this.lastHitContained = new Uint8Array(n);
  }

  start() {
    this.paper = (this.paper + 1) >>> 0 || 1;
    this.touched = [];
    this.refTopics = [];
    this.refs = [];
  }

  touch(t: number) {
    if (this.stamp[t] === this.paper) return;
    this.stamp[t] = this.paper;
    this.touched.push(t);
    this.strongTitle[t] = 0;
    this.lastTitlePattern[t] = -1;
    this.strongAbstract[t] = 0;
    this.cueTitle[t] = 0;
    this.cueAbstract[t] = 0;
    this.groups[t] = 0;
    this.groupsInTitle[t] = 0;
    this.groupHits[t] = 0;
    this.required[t] = 0;
    this.excluded[t] = 0;
    this.field[t] = -1;
    this.coveredEnd[t] = -1;
    this.lastHit[t] = -1;
    this.lastHitContained[t] = 0;
  }

  /** Whether this hit lies inside a longer one already counted for the topic (recording it if not). */
  contained(t: number, field: number, ref: number, end: number): boolean {
    if (this.field[t] !== field) {
      this.field[t] = field;
      this.coveredEnd[t] = -1;
    }
    if (this.lastHit[t] !== ref) {
      this.lastHit[t] = ref;
      const inside = end <= this.coveredEnd[t]!;
      this.lastHitContained[t] = inside ? 1 : 0;
      if (!inside) this.coveredEnd[t] = end;
    }
    return this.lastHitContained[t] === 1;
  }
}

const FIELD_SHIFT = 2 ** 20;
const scratch = new WeakMap<CompiledPack, Tallies>();

function tallyHits(pack: CompiledPack, fields: readonly Field[]): Tallies {
  let t = scratch.get(pack);
  if (!t) {
    t = new Tallies(pack.rules.length);
    scratch.set(pack, t);
  }
  t.start();
  fields.forEach(({ where, hits }, field) => {
    const inTitle = where === 'title';
    hits.forEach((hit, h) => {
      const usages = pack.usages[hit.pattern];
      if (!usages) return;
      const ref = field * FIELD_SHIFT + h;
      for (const usage of usages) {
        const topic = Math.floor(usage / ROLES);
        let role = usage % ROLES;
        if (role >= ROLE_TITLE_ONLY) {
          if (!inTitle) continue;
          role -= ROLE_TITLE_ONLY;
        }
        t.touch(topic);
        if (role === ROLE_EXCLUDE) {
          t.excluded[topic] = 1;
          continue;
        }
        if (role === ROLE_REQUIRE) t.required[topic] = 1;
        else if (t.contained(topic, field, ref, hit.end)) continue;
        else if (role === ROLE_STRONG) {
          if (!inTitle) t.strongAbstract[topic]!++;
          else if (t.lastTitlePattern[topic] !== hit.pattern) {
            t.lastTitlePattern[topic] = hit.pattern;
            t.strongTitle[topic]!++;
          }
        } else if (role === ROLE_CUE) {
          if (inTitle) t.cueTitle[topic]!++;
          else t.cueAbstract[topic]!++;
        } else {
          const bit = 1 << (role - ROLE_GROUP);
          t.groups[topic]! |= bit;
          if (inTitle) t.groupsInTitle[topic]! |= bit;
          t.groupHits[topic]!++;
        }
        const last = t.refs.length - 1;
        if (t.refs[last] !== ref || t.refTopics[last] !== topic) {
          t.refTopics.push(topic);
          t.refs.push(ref);
        }
      }
    });
  });
  return t;
}

function score(t: Tallies, topic: number, groupCount: number): number {
  let s = 0;
  const strongTitle = t.strongTitle[topic]!;
  const strongAbstract = t.strongAbstract[topic]!;
  if (strongTitle > 0) s += SCORE.titleStrong + SCORE.titleStrongExtra * (strongTitle - 1);
  if (strongAbstract > 0) {
    const repeats = Math.min(strongAbstract - 1, SCORE.abstractStrongRepeatCap);
    s += SCORE.abstractStrong + SCORE.abstractStrongRepeat * repeats;
  }
  if (groupCount > 0 && t.groups[topic] === (1 << groupCount) - 1) {
    s += SCORE.combo + (t.groupsInTitle[topic] ? SCORE.comboTitle : 0);
    s += SCORE.comboRepeat * Math.min(t.groupHits[topic]! - groupCount, SCORE.comboRepeatCap);
  }
  // Cues support; alone they never reach the threshold.
  const cues = SCORE.titleCue * t.cueTitle[topic]! + SCORE.abstractCue * t.cueAbstract[topic]!;
  if (s > 0) s += Math.min(cues, SCORE.cueCap);
  return s;
}

function passesGate(gate: readonly string[], categories: readonly string[]): boolean {
  if (gate.length === 0) return true;
  return categories.some((c) => gate.some((g) => c === g || c.startsWith(`${g}.`)));
}

/** The distinct phrases behind a topic's score, as the paper spells them. */
function evidenceOf(t: Tallies, topic: number, fields: readonly Field[]): Evidence[] {
  const evidence: Evidence[] = [];
  const seen = new Set<string>();
  t.refTopics.forEach((refTopic, n) => {
    if (refTopic !== topic) return;
    const ref = t.refs[n]!;
    const { where, tokens, hits } = fields[Math.floor(ref / FIELD_SHIFT)]!;
    const hit = hits[ref % FIELD_SHIFT]!;
    let phrase = tokens[hit.start]!.raw;
    for (let i = hit.start + 1; i < hit.end; i++) phrase += ` ${tokens[i]!.raw}`;
    const key = `${where} ${phrase.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    evidence.push({ phrase, where });
  });
  return evidence;
}

/** Why a topic with some evidence was not given. */
export type Rejection =
  | 'below threshold'
  | 'vetoed by an excluded term'
  | 'required term missing'
  | 'outside its arXiv categories'
  | 'beyond the per-paper limit';

export interface RejectedTag extends TopicTag {
  reason: Rejection;
}

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * Fine topics over the threshold, best first, at most `max`; with `explain`, also the topics that had
 * evidence but were not given, and why.
 */
export function scoreFineTopics(
  pack: CompiledPack,
  fields: readonly Field[],
  categories: readonly string[],
  max: number,
  explain = false,
): { tags: TopicTag[]; rejected: RejectedTag[] } {
  const passed: { topic: number; score: number }[] = [];
  const rejected: RejectedTag[] = [];
  const t = tallyHits(pack, fields);
  for (const topic of t.touched) {
    const rules = pack.rules[topic]!;
    const s = score(t, topic, rules.groupCount) * rules.weight;
    let reason: Rejection | undefined;
    if (s < SCORE.threshold) reason = 'below threshold';
    else if (t.excluded[topic]) reason = 'vetoed by an excluded term';
    else if (rules.hasRequire && !t.required[topic]) reason = 'required term missing';
    else if (!passesGate(rules.gate, categories)) reason = 'outside its arXiv categories';
    if (!reason) passed.push({ topic, score: s });
    else if (explain && s > 0) {
      rejected.push({
        topicId: rules.topic.id,
        score: round(s),
        evidence: evidenceOf(t, topic, fields),
        reason,
      });
    }
  }
  passed.sort((a, b) => b.score - a.score || a.topic - b.topic);
  const toTag = (p: (typeof passed)[number]): TopicTag => ({
    topicId: pack.rules[p.topic]!.topic.id,
    score: round(p.score),
    evidence: evidenceOf(t, p.topic, fields),
  });
  if (explain) {
    for (const p of passed.slice(max)) rejected.push({ ...toTag(p), reason: 'beyond the per-paper limit' });
    rejected.sort((a, b) => b.score - a.score);
  }
  return { tags: passed.slice(0, max).map(toTag), rejected };
}
