import type { Field } from '../matching/field-scan';
import { STRIDE, W_STEM } from '../matching/word-table';
import type { RulePack } from '../pack/model';
import type { Evidence, TopicTag } from '../types';
import { type Tallies, tallyHits } from './tallies';

/**
 * From phrase hits to scored fine topics. A title hit says what a paper is about more than an abstract
 * hit, and a phrase repeated in the abstract more than one said in passing; weak cues only add to a
 * score that strong phrases or a co-occurrence started.
 *
 * What the rules give is what every surface shows and counts: the chip row, momentum counts and follows
 * read the same tags, so a topic is given only on evidence strong enough to show as a chip (measured on the
 * TRAIN-month chip review, test/eval/labels/chip-judgments-train.jsonl):
 * - one word alone is never enough ("Voting", "HSI", "Translation", "Avatar", however often repeated): a
 *   phrase of several words or a second, different phrase or cue of the topic must support it;
 * - without any evidence in the title, the abstract must score `abstractOnly` (a strong phrase said three
 *   times, or with support), not the bare threshold of a phrase said twice;
 * - one phrase in the title that a whole abstract never comes back to, not even by one of its words, is an
 *   aside ("Long Tail" of cultural concepts, "Weight Averaging" for uncertainty, "Smart Cities" for a
 *   dashcam dataset): such chips were right 3 times in 14 (`titleAside`).
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
  /** Without any evidence in the title, the abstract must say more than the bare threshold. */
  abstractOnly: 3,
  /** An abstract this long (in words) says what the paper is about; a listing's snippet may not. */
  wholeAbstract: 30,
};

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

/**
 * Whether a topic's only evidence is one strong phrase of the title, none of whose words (of four letters
 * or more, by stem) a whole abstract uses.
 */
function titleAside(t: Tallies, topic: number, fields: readonly Field[], pack: RulePack): boolean {
  if (t.strongTitle[topic] !== 1 || t.strongAbstract[topic]! > 0 || t.otherPattern[topic]) return false;
  if (t.cueTitle[topic]! > 0 || t.cueAbstract[topic]! > 0 || t.groups[topic]! > 0) return false;
  const abstract = fields.find((f) => f.where === 'abstract')?.scan;
  if (!abstract || abstract.wordCount < SCORE.wholeAbstract) return false;
  const { raws, data } = pack.index.words;
  for (let n = 0; n < t.refCount; n++) {
    const ref = t.refs[n]!;
    if (t.refTopics[n] !== topic || fields[ref & 1]!.where !== 'title') continue;
    const { scan } = fields[ref & 1]!;
    const h = ref >> 1;
    for (let i = scan.hitStart[h]!; i < scan.hitEnd[h]!; i++) {
      const word = scan.words[i]!;
      const stem = data[word * STRIDE + W_STEM]!;
      if (raws[word]!.length < 4 || stem < 0) continue;
      for (let k = 0; k < abstract.wordCount; k++)
        if (data[abstract.words[k]! * STRIDE + W_STEM] === stem) return false;
    }
    return true;
  }
  return false;
}

function inTitle(t: Tallies, topic: number): boolean {
  return t.strongTitle[topic]! > 0 || t.cueTitle[topic]! > 0 || t.groupsInTitle[topic]! > 0;
}

function passesGate(gate: readonly string[], categories: readonly string[]): boolean {
  if (gate.length === 0) return true;
  return categories.some((c) => gate.some((g) => c === g || c.startsWith(`${g}.`)));
}

/** Whether words [a, a + length) and [b, b + length) of a scan are the same spellings. */
function sameWords(words: Int32Array, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (words[a + k] !== words[b + k]) return false;
  return true;
}

/**
 * The distinct phrases behind a topic's score, as the paper spells them (the first spelling of each,
 * case aside). A phrase repeated word for word is recognised by its word ids, before any string is built.
 */
function evidenceOf(
  t: Tallies,
  topic: number,
  fields: readonly Field[],
  raws: readonly string[],
): Evidence[] {
  const evidence: Evidence[] = [];
  const lowers: string[] = [];
  // Per evidence entry: the ref of its first hit, to compare word ids with.
  const firsts: number[] = [];
  for (let n = 0; n < t.refCount; n++) {
    if (t.refTopics[n] !== topic) continue;
    const ref = t.refs[n]!;
    const { where, scan } = fields[ref & 1]!;
    const h = ref >> 1;
    const start = scan.hitStart[h]!;
    const end = scan.hitEnd[h]!;
    let repeated = false;
    for (let e = 0; e < firsts.length && !repeated; e++) {
      const other = firsts[e]!;
      const o = other >> 1;
      repeated =
        (other & 1) === (ref & 1) &&
        scan.hitEnd[o]! - scan.hitStart[o]! === end - start &&
        sameWords(scan.words, scan.hitStart[o]!, start, end - start);
    }
    if (repeated) continue;
    let phrase = raws[scan.words[start]!]!;
    for (let i = start + 1; i < end; i++) phrase += ` ${raws[scan.words[i]!]!}`;
    const lower = phrase.toLowerCase();
    let seen = false;
    for (let e = 0; e < evidence.length && !seen; e++)
      seen = evidence[e]!.where === where && lowers[e] === lower;
    if (seen) continue;
    evidence.push({ phrase, where });
    lowers.push(lower);
    firsts.push(ref);
  }
  return evidence;
}

/** Why a topic with some evidence was not given. */
export type Rejection =
  | 'below threshold'
  | 'one word alone'
  | 'a title phrase the abstract never uses'
  | 'vetoed by an excluded term'
  | 'required term missing'
  | 'outside its arXiv categories'
  | 'beyond the per-paper limit'
  | 'not confirmed by the learned model';

export interface RejectedTag extends TopicTag {
  reason: Rejection;
}

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * Fine topics over the threshold, best first, at most `max`; with `explain`, also the topics that had
 * evidence but were not given, and why; with `seen`, the ids of those topics are pushed to it (cheaply: the
 * learned layer reads them as features). Without `withEvidence`, given tags carry no evidence (a caller that
 * keeps only ids and scores; the scores are the same).
 */
export function scoreFineTopics(
  pack: RulePack,
  fields: readonly Field[],
  categories: readonly string[],
  max: number,
  explain = false,
  seen?: string[],
  withEvidence = true,
): { tags: TopicTag[]; rejected: RejectedTag[] } {
  const passed: { topic: number; score: number }[] = [];
  const rejected: RejectedTag[] = [];
  const t = tallyHits(pack, fields);
  const raws = pack.index.words.raws;
  for (let i = 0; i < t.touchedCount; i++) {
    const topic = t.touched[i]!;
    const rules = pack.rules[topic]!;
    const s = score(t, topic, rules.groupCount) * rules.weight;
    let reason: Rejection | undefined;
    if (s < SCORE.threshold) reason = 'below threshold';
    else if (!t.multiWord[topic] && !t.otherPattern[topic]) reason = 'one word alone';
    else if (s < SCORE.abstractOnly && !inTitle(t, topic)) reason = 'below threshold';
    else if (titleAside(t, topic, fields, pack)) reason = 'a title phrase the abstract never uses';
    else if (t.excluded[topic]) reason = 'vetoed by an excluded term';
    else if (rules.hasRequire && !t.required[topic]) reason = 'required term missing';
    else if (!passesGate(rules.gate, categories)) reason = 'outside its arXiv categories';
    if (!reason) passed.push({ topic, score: s });
    else if (seen && s > 0) seen.push(rules.topic.id);
    if (reason && explain && s > 0) {
      rejected.push({
        topicId: rules.topic.id,
        score: round(s),
        evidence: evidenceOf(t, topic, fields, raws),
        reason,
      });
    }
  }
  passed.sort((a, b) => b.score - a.score || a.topic - b.topic);
  const toTag = (p: (typeof passed)[number]): TopicTag => ({
    topicId: pack.rules[p.topic]!.topic.id,
    score: round(p.score),
    evidence: withEvidence ? evidenceOf(t, p.topic, fields, raws) : [],
  });
  if (explain) {
    for (const p of passed.slice(max)) rejected.push({ ...toTag(p), reason: 'beyond the per-paper limit' });
    rejected.sort((a, b) => b.score - a.score);
  }
  return { tags: passed.slice(0, max).map(toTag), rejected };
}
