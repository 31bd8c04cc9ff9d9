import type { CompiledPack } from './pack';
import { ROLE_CUE, ROLE_EXCLUDE, ROLE_GROUP, ROLE_REQUIRE, ROLE_STRONG } from './pack';
import type { Hit } from './phrase-index';
import type { Token } from './text';
import type { Evidence, TopicTag } from './types';

/**
 * From phrase hits to scored fine topics. A title hit says what a paper is about more than an abstract
 * hit, and a phrase repeated in the abstract more than one said in passing; weak cues only add to a
 * score that strong phrases or a co-occurrence started.
 */

export const SCORE = {
  titleStrong: 3,
  titleStrongExtra: 0.5,
  abstractStrong: 2,
  abstractStrongRepeat: 0.5,
  abstractStrongRepeatCap: 4,
  titleCue: 1,
  abstractCue: 0.5,
  cueCap: 2,
  combo: 2,
  comboTitle: 1,
  comboRepeat: 0.25,
  comboRepeatCap: 4,
  threshold: 2.5,
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
    for (const hit of hits) {
      const usages = pack.usages[hit.pattern];
      if (!usages) continue;
      let phrase: string | undefined;
      for (const usage of usages) {
        const topic = usage >> 3;
        const role = usage & 7;
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
          };
          tallies.set(topic, t);
        }
        if (role === ROLE_EXCLUDE) {
          t.excluded = true;
          continue;
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

/** Fine topics over the threshold, best first, at most `max`. */
export function scoreFineTopics(
  pack: CompiledPack,
  fields: readonly Field[],
  categories: readonly string[],
  max: number,
): TopicTag[] {
  const tags: TopicTag[] = [];
  for (const [topic, t] of tallyHits(pack, fields)) {
    const rules = pack.rules[topic]!;
    if (t.excluded || (rules.hasRequire && !t.required) || !passesGate(rules.gate, categories)) continue;
    const s = score(t, rules.groupCount) * rules.weight;
    if (s < SCORE.threshold) continue;
    tags.push({
      topicId: rules.topic.id,
      score: Math.round(s * 100) / 100,
      evidence: [...t.evidence.values()],
    });
  }
  tags.sort((a, b) => b.score - a.score || (a.topicId < b.topicId ? -1 : 1));
  return tags.slice(0, max);
}
