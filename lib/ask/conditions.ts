/**
 * A question's condition: what an answer must hold to, beyond the words it shares with the question ("pruned
 * without any retraining", "upscale by any factor", "detect ... zero-shot", "work on real quadrotors", "a single
 * sampling step"). A sentence that shares the words but goes against the condition (a method that retrains, a
 * fixed 2x head, a result in simulation) does not answer (test/eval/results/ask-judged-5.md, kind 1).
 */

export type ConditionKind = 'without' | 'no-training' | 'any' | 'single' | 'real';

export interface Condition {
  kind: ConditionKind;
  /** For "without X": X's words, lower case (at most three; the first not GENERIC is the one a sentence must hold). */
  words: string[];
}

/** Training of any kind: what "without training", "zero-shot" and "post-hoc" exclude. */
const TRAINING =
  /(?<![\w-])(?:re-?train\w*|fine-?tun\w*|train(?:s|ed|ing)?(?! (?:data|sets?|distributions?|samples|images|corpus|corpora|splits?|classes)\b)|learnable|optimi[sz]ed end-to-end)\b/i;
const TRAINING_FREE =
  /\b(?:training-free|retraining-free|tuning-free|zero-shot|post-hoc|without (?:any |additional |extra |further )?(?:re-?training|fine-?tuning|training)|no (?:additional |extra )?(?:re-?training|fine-?tuning|training)|(?:eliminat\w*|remov\w*|avoid\w*|bypass\w*) (?:the )?(?:need|requirement) (?:for|of) (?:\w+ )?(?:re-?training|fine-?tuning|training)|(?:re-?training|fine-?tuning|training) (?:becomes |is )?(?:unnecessary|not (?:required|needed))|without requiring (?:re-?training|fine-?tuning|training)|(?:does|do) not require (?:any )?(?:re-?training|fine-?tuning|training))\b/i;

/** A negation near a word: "without X", "no X", "X-free", "not ... X", "eliminates the need for X". */
const NEGATION =
  /\b(?:without|no|not|never|free of|eliminat\w*|remov\w* the need|avoid\w*|bypass\w*|unnecessary|-free)\b|-free\b/i;

const ANY_FACTOR =
  /\b(?:arbitrary|any|continuous|non-integer|unseen)[- ](?:\w+[- ])?(?:scales?|factors?|resolutions?|sizes?|shapes?|ratios?)\b|\b(?:arbitrary|any)-scale\b|\bnon-integer\b/i;
const FIXED_FACTOR =
  /\b(?:fixed[- ](?:\w+[- ])?(?:scales?|factors?)|scale-specific|\d(?:\.\d)?\s*[x×] and \d(?:\.\d)?\s*[x×])\b/i;

const SINGLE = /\b(?:single|one)[- ](?:\w+[- ])?steps?\b|\bone-step\b|\bsingle-step\b|\bone step\b/i;
const MULTI =
  /\b(?:multi-?step|multiple (?:\w+ )?steps|dozens of (?:\w+ )?steps|iterative (?:denoising|sampling))\b/i;

const REAL =
  /\b(?:real-world (?:flight|experiments?|tests?|deployment|robots?|quadrotors?|drones?|hardware|trials?)|real (?:robots?|quadrotors?|drones?|hardware|platforms?|flights?)|physical (?:robots?|platforms?|quadrotors?|drones?|hardware)|on hardware|onboard|outdoor flights?|sim-to-real|deployed (?:on|in) (?:a |the )?(?:real|physical))\b/i;
const SIMULATION_ONLY = /\b(?:simulation results|in simulation|simulated (?:environment|experiments?))\b/i;

/** Words that end the X of "without X": a new clause or the question's end. */
const CLAUSE_END = /^(?:and|or|for|to|from|of|that|which|while|so|but|how|what|in|on|at|by|with)$/;
const FILLER = /^(?:any|a|an|the|its|their|additional|extra|further|explicit|separate|known|afterwards)$/;
/** Words too common to stand for the X of "without X" ("model internals" is about internals). */
const GENERIC = /^(?:models?|data|networks?|systems?)$/;
/** "without access to X": X is what is done without. */
const ACCESS = /^(?:access|recourse|reference)$/;

/** A sentence that relies on X: "requires known camera poses", "uses a separate draft model", "stores exemplars". */
const RELIES =
  /\b(?:requir\w*|rel(?:y|ies|ied|ying) on|depend\w*|need\w*|us(?:e|es|ed|ing)|stor\w*|send\w*|access\w*|leverag\w*)\b/i;

/** The conditions a question sets, each at most once. */
export function questionConditions(question: string): Condition[] {
  const q = question.toLowerCase();
  const out: Condition[] = [];
  const add = (c: Condition) => {
    if (!out.some((o) => o.kind === c.kind)) out.push(c);
  };
  if (/\b(?:zero-shot|training-free|post-hoc)\b/.test(q)) add({ kind: 'no-training', words: [] });
  for (const m of q.matchAll(/\bwithout\s+([^,.;?]+)/g)) {
    const words: string[] = [];
    let skipTo = false;
    for (const w of m[1]!.split(/[^a-z0-9-]+/).filter(Boolean)) {
      if (ACCESS.test(w) && words.length === 0) {
        skipTo = true;
        continue;
      }
      if (skipTo && w === 'to' && words.length === 0) continue;
      if (CLAUSE_END.test(w)) break;
      if (!FILLER.test(w)) words.push(w);
      if (words.length === 3) break;
    }
    if (words.length === 0) continue;
    if (words.some((w) => /^(?:re-?train\w*|fine-?tun\w*|train\w*)$/.test(w)))
      add({ kind: 'no-training', words: [] });
    else add({ kind: 'without', words });
  }
  if (
    /\b(?:by|at|for|to) any (?:\w+ )?(?:factor|scale|resolution|size|shape|ratio)s?\b|\bnon-integer\b/.test(q)
  )
    add({ kind: 'any', words: [] });
  if (/\b(?:single|one) (?:\w+ )?step\b|\bone-step\b|\bsingle-step\b/.test(q))
    add({ kind: 'single', words: [] });
  if (/\breal (?:robots?|quadrotors?|drones?|hardware)\b|\bon real\b/.test(q))
    add({ kind: 'real', words: [] });
  return out;
}

/** Whether a word of "without X" stands negated in the sentence: "without X", "X-free", "no X". */
function negatedNear(sentence: string, word: string): boolean {
  const s = sentence.toLowerCase();
  const stem = word.replace(/(?:ing|ed|es|s)$/, '').slice(0, 6);
  if (stem.length < 3) return false;
  for (const m of s.matchAll(new RegExp(`\\b${stem}[\\w-]*`, 'g'))) {
    const before = s.slice(Math.max(0, m.index - 45), m.index);
    if (/-free\b/.test(m[0]) || NEGATION.test(before)) return true;
  }
  return false;
}

/**
 * How a sentence stands to one condition: 1 it holds to it ("eliminates the need for retraining",
 * "arbitrary-scale"), -1 it goes against it ("we efficiently retrain the model", "2x and 4x factors", "in
 * simulation"), 0 it says nothing of it.
 */
export function conditionFit(condition: Condition, sentence: string): number {
  switch (condition.kind) {
    case 'no-training':
      return TRAINING_FREE.test(sentence) ? 1 : TRAINING.test(sentence) ? -1 : 0;
    case 'without': {
      const head = condition.words.find((w) => !GENERIC.test(w)) ?? condition.words[0]!;
      const stem = head.replace(/(?:ing|ed|es|s)$/, '').slice(0, 6);
      if (!new RegExp(`\\b${stem}`, 'i').test(sentence)) return 0;
      if (negatedNear(sentence, head)) return 1;
      // Named is not relied on: "a semantic consistency loss" is no loss of detail.
      return RELIES.test(sentence) ? -1 : 0;
    }
    case 'any':
      return ANY_FACTOR.test(sentence) ? 1 : FIXED_FACTOR.test(sentence) ? -1 : 0;
    case 'single':
      return SINGLE.test(sentence) ? 1 : MULTI.test(sentence) ? -1 : 0;
    case 'real':
      return REAL.test(sentence) ? 1 : SIMULATION_ONLY.test(sentence) ? -1 : 0;
  }
}

/** How a sentence stands to all of a question's conditions, in [-1, 1]: the mean of conditionFit. */
export function conditionsFit(conditions: readonly Condition[], sentence: string): number {
  if (conditions.length === 0) return 0;
  return conditions.reduce((s, c) => s + conditionFit(c, sentence), 0) / conditions.length;
}
