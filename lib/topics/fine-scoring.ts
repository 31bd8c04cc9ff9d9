import type { CompiledPack } from './pack';
import {
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
} from './pack';
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

interface Tally {
  strongTitle: Set<number>;
  strongAbstract: number;
  cueTitle: number;
  cueAbstract: number;
  groups: number;
  groupsInTitle: number;
  groupHits: number;
  required: boolean;
  excluded: boolean;
  evidence: Map<string, Evidence>;
  /** Containment bookkeeping: a hit inside a longer hit of the same topic adds nothing. */
  field: string;
  coveredEnd: number;
  lastHit: Hit | undefined;
  lastHitContained: boolean;
}

export interface Field {
  where: 'title' | 'abstract';
  tokens: readonly Token[];
  hits: readonly Hit[];
}

function phraseText(tokens: readonly Token[], hit: Hit): string {
  let text = tokens[hit.start]!.raw;
  for (let i = hit.start + 1; i < hit.end; i++) text += ` ${tokens[i]!.raw}`;
  return text;
}

function tallyHits(pack: CompiledPack, fields: readonly Field[]): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  for (const { where, tokens, hits } of fields) {
    const inTitle = where === 'title';
    // Start order, longest first, so a phrase is seen before the shorter phrases inside it.
    const ordered = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
    for (const hit of ordered) {
      const usages = pack.usages[hit.pattern];
      if (!usages) continue;
      let phrase: string | undefined;
      for (const usage of usages) {
        const topic = Math.floor(usage / ROLES);
        let role = usage % ROLES;
        if (role >= ROLE_TITLE_ONLY) {
          if (!inTitle) continue;
          role -= ROLE_TITLE_ONLY;
        }
        let t = tallies.get(topic);
        if (!t) {
          t = {
            strongTitle: new Set(),
            strongAbstract: 0,
            cueTitle: 0,
            cueAbstract: 0,
            groups: 0,
            groupsInTitle: 0,
            groupHits: 0,
            required: false,
            excluded: false,
            evidence: new Map(),
            field: where,
            coveredEnd: -1,
            lastHit: undefined,
            lastHitContained: false,
          };
          tallies.set(topic, t);
        }
        if (role === ROLE_EXCLUDE) {
          t.excluded = true;
          continue;
        }
        if (role !== ROLE_REQUIRE) {
          if (t.field !== where) {
            t.field = where;
            t.coveredEnd = -1;
          }
          if (t.lastHit !== hit) {
            t.lastHit = hit;
            t.lastHitContained = hit.end <= t.coveredEnd;
            if (!t.lastHitContained) t.coveredEnd = Math.max(t.coveredEnd, hit.end);
          }
          if (t.lastHitContained) continue;
        }
        if (role === ROLE_REQUIRE) t.required = true;
        else if (role === ROLE_STRONG) {
          if (inTitle) t.strongTitle.add(hit.pattern);
          else t.strongAbstract++;
        } else if (role === ROLE_CUE) {
          if (inTitle) t.cueTitle++;
          else t.cueAbstract++;
        } else {
          const bit = 1 << (role - ROLE_GROUP);
          t.groups |= bit;
          if (inTitle) t.groupsInTitle |= bit;
          t.groupHits++;
        }
        phrase ??= phraseText(tokens, hit);
        const key = `${where}\n${phrase.toLowerCase()}`;
        if (!t.evidence.has(key)) t.evidence.set(key, { phrase, where });
      }
    }
  }
  return tallies;
}

function score(t: Tally, groupCount: number): number {
  let s = 0;
  if (t.strongTitle.size > 0) s += SCORE.titleStrong + SCORE.titleStrongExtra * (t.strongTitle.size - 1);
  if (t.strongAbstract > 0) {
    const repeats = Math.min(t.strongAbstract - 1, SCORE.abstractStrongRepeatCap);
    s += SCORE.abstractStrong + SCORE.abstractStrongRepeat * repeats;
  }
  if (groupCount > 0 && t.groups === (1 << groupCount) - 1) {
    s += SCORE.combo + (t.groupsInTitle ? SCORE.comboTitle : 0);
    s += SCORE.comboRepeat * Math.min(t.groupHits - groupCount, SCORE.comboRepeatCap);
  }
  // Cues support; alone they never reach the threshold.
  if (s > 0) s += Math.min(SCORE.titleCue * t.cueTitle + SCORE.abstractCue * t.cueAbstract, SCORE.cueCap);
  return s;
}

function passesGate(gate: readonly string[], categories: readonly string[]): boolean {
  if (gate.length === 0) return true;
  return categories.some((c) => gate.some((g) => c === g || c.startsWith(`${g}.`)));
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
  const passed: { topic: number; score: number; tally: Tally }[] = [];
  const rejected: RejectedTag[] = [];
  for (const [topic, t] of tallyHits(pack, fields)) {
    const rules = pack.rules[topic]!;
    const s = score(t, rules.groupCount) * rules.weight;
    let reason: Rejection | undefined;
    if (s < SCORE.threshold) reason = 'below threshold';
    else if (t.excluded) reason = 'vetoed by an excluded term';
    else if (rules.hasRequire && !t.required) reason = 'required term missing';
    else if (!passesGate(rules.gate, categories)) reason = 'outside its arXiv categories';
    if (!reason) passed.push({ topic, score: s, tally: t });
    else if (explain && s > 0) {
      rejected.push({ topicId: rules.topic.id, score: round(s), evidence: [...t.evidence.values()], reason });
    }
  }
  passed.sort((a, b) => b.score - a.score || a.topic - b.topic);
  const toTag = (p: (typeof passed)[number]): TopicTag => ({
    topicId: pack.rules[p.topic]!.topic.id,
    score: round(p.score),
    evidence: [...p.tally.evidence.values()],
  });
  if (explain) {
    for (const p of passed.slice(max)) rejected.push({ ...toTag(p), reason: 'beyond the per-paper limit' });
    rejected.sort((a, b) => b.score - a.score);
  }
  return { tags: passed.slice(0, max).map(toTag), rejected };
}
