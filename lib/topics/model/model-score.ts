import { stemWord } from '../../text/tokens';
import type { Field } from '../matching/field-scan';
import type { WordTable } from '../matching/word-table';
import type { Evidence } from '../types';
import { describeFeatures, type TopicWeights, topicWeights } from './model-evidence';
import { bigramBit, bigramFeature, type CompiledModel } from './model-load';

/**
 * What the rules said of the paper, for the model's `r:` and `e:` features: the fine topics they gave (parents
 * included) and those they saw evidence for but did not give.
 */
export interface RuleOutput {
  given: readonly string[];
  evidence: readonly string[];
}

const NO_RULES: RuleOutput = { given: [], evidence: [] };

/**
 * The learned layer on one paper, from the word ids the phrase scan already made: no second pass over the
 * text. A spelling's word number in the model is looked up once (by its stem) and cached by word id until
 * the word table is cleared. Scratch arrays are reused from paper to paper (tagging is synchronous).
 */

export interface ModelHit {
  /** Index into model.topicIds. */
  topic: number;
  /** Log-odds minus the topic's threshold (>= 0). */
  margin: number;
}

export class ModelScorer {
  private wordOf = new Int32Array(1024).fill(-2);
  private generation = -1;
  private seenAt = new Int32Array(0);
  /** Per feature seen in this paper (seenAt), its index in `found`. */
  private foundAt = new Int32Array(0);
  private byTopic: TopicWeights | undefined;
  private stamp = 0;
  private scores = new Float64Array(0);
  private compiled: CompiledModel | undefined;
  private readonly compile: () => CompiledModel;
  /**
   * The paper's features (first occurrence): feature, field (0 title, 1 abstract, 2 category, 3 rules), and
   * position.
   */
  private found: Int32Array = new Int32Array(3 * 1024);
  private foundCount = 0;

  /**
   * A compiled model, or how to compile it: then on first use (a worker that wakes to answer a page does not
   * compile the model it will not tag with).
   */
  constructor(model: CompiledModel | (() => CompiledModel)) {
    this.compile = typeof model === 'function' ? model : () => model;
  }

  get model(): CompiledModel {
    if (!this.compiled) {
      const model = this.compile();
      this.seenAt = new Int32Array(model.featureKind.length);
      this.foundAt = new Int32Array(model.featureKind.length);
      this.scores = new Float64Array(model.topicIds.length);
      this.compiled = model;
    }
    return this.compiled;
  }

  /** Whether the model has been compiled yet. */
  get compiledYet(): boolean {
    return this.compiled !== undefined;
  }

  /**
   * Model word numbers by word id, valid for `table`'s current generation and sized for all its ids (the
   * table only grows while a paper is scanned, and scoring comes after): checked once per paper, not per word.
   */
  private wordNumbers(table: WordTable): Int32Array {
    if (table.generation !== this.generation) {
      this.generation = table.generation;
      this.wordOf.fill(-2);
    }
    if (table.count > this.wordOf.length) {
      const grown = new Int32Array(Math.max(table.count, this.wordOf.length * 2)).fill(-2);
      grown.set(this.wordOf);
      this.wordOf = grown;
    }
    return this.wordOf;
  }

  /** Room for every feature a paper of `words` words and `others` categories and rule topics can have. */
  private reserve(words: number, others: number) {
    const most = 3 * (3 * words + others);
    if (most > this.found.length) this.found = new Int32Array(most);
  }

  /** Notes a feature of the paper (its first occurrence); its weights are added by `addWeights`. */
  private add(feature: number, field: number, position: number) {
    if (feature < 0 || this.seenAt[feature] === this.stamp) return;
    this.seenAt[feature] = this.stamp;
    this.foundAt[feature] = this.foundCount;
    const found = this.found;
    const at = this.foundCount++ * 3;
    found[at] = feature;
    found[at + 1] = field;
    found[at + 2] = position;
  }

  /**
   * Bias plus the weights of the paper's features, added per topic in first-met order (floating-point sums
   * depend on their order: this is the order the scores have always been summed in).
   */
  private addWeights(m: CompiledModel) {
    const { postStart, postTopic, postWeight } = m;
    const scores = this.scores;
    const found = this.found;
    scores.set(m.bias);
    for (let at = 0, end = this.foundCount * 3; at < end; at += 3) {
      const feature = found[at]!;
      const last = postStart[feature + 1]!;
      for (let p = postStart[feature]!; p < last; p++) scores[postTopic[p]!]! += postWeight[p]!;
    }
  }

  /** The topics the model gives this paper (fields scanned with `table`), in topic order. */
  score(
    table: WordTable,
    fields: readonly Field[],
    categories: readonly string[],
    rules: RuleOutput = NO_RULES,
  ): ModelHit[] {
    const m = this.model;
    this.stamp++;
    this.foundCount = 0;
    const wordOf = this.wordNumbers(table);
    let wordTotal = 0;
    for (const { scan } of fields) wordTotal += scan.wordCount;
    this.reserve(wordTotal, categories.length + rules.given.length + rules.evidence.length);
    for (let field = 0; field < fields.length; field++) {
      const { words, wordCount } = fields[field]!.scan;
      let previous = -1;
      for (let i = 0; i < wordCount; i++) {
        const id = words[i]!;
        let n = wordOf[id]!;
        if (n === -2) {
          // A spelling's stem is looked up once, then read by its id.
          n = m.words.get(stemWord(table.raws[id]!)) ?? -1;
          wordOf[id] = n;
        }
        if (n >= 0) {
          if (field === 0) this.add(m.titleFeature[n]!, field, i);
          this.add(m.wordFeature[n]!, field, i);
          // Most pairs of words cannot be a bigram of the model: no probe of the bigram table for them.
          if (previous >= 0) {
            const bit = bigramBit(previous, n);
            if ((m.bigramBits[bit >>> 5]! & (1 << (bit & 31))) !== 0)
              this.add(bigramFeature(m.bigrams, m.bigramMask, previous, n), field, i - 1);
          }
        }
        previous = n;
      }
    }
    categories.forEach((c, i) => {
      this.add(m.categories.get(c) ?? -1, 2, i);
    });
    // What the rules said (field 3; position: the index into given, then evidence).
    if (m.ruleGiven.size > 0) {
      const { given, evidence } = rules;
      for (let i = 0; i < given.length; i++) this.add(m.ruleGiven.get(given[i]!) ?? -1, 3, i);
      for (let i = 0; i < evidence.length; i++)
        this.add(m.ruleEvidence.get(evidence[i]!) ?? -1, 3, given.length + i);
    }
    this.addWeights(m);
    const hits: ModelHit[] = [];
    for (let k = 0; k < this.scores.length; k++) {
      const margin = this.scores[k]! - m.threshold[k]!;
      if (margin >= 0) hits.push({ topic: k, margin });
    }
    return hits;
  }

  /** Feature numbers of the last paper scored, in first-met order (for tests and explanations). */
  lastFeatures(): number[] {
    return Array.from({ length: this.foundCount }, (_, i) => this.found[i * 3]!);
  }

  /** Log-odds of each topic for the last paper scored. */
  lastScores(): Float64Array {
    return this.scores.slice();
  }

  /** The paper's features that weighed most for `topic` (call after `score`, for the same paper). */
  evidence(
    topic: number,
    table: WordTable,
    fields: readonly Field[],
    categories: readonly string[],
    rules: RuleOutput = NO_RULES,
    topicName: (id: string) => string = (id) => id,
    max = 3,
  ): Evidence[] {
    const m = this.model;
    this.byTopic ??= topicWeights(m);
    const { start, feature, weight } = this.byTopic;
    // The topic's positive weights the paper has; sorted heaviest first, then in the paper's order.
    const weighed: { weight: number; at: number }[] = [];
    for (let q = start[topic]!; q < start[topic + 1]!; q++) {
      const f = feature[q]!;
      if (this.seenAt[f] === this.stamp) weighed.push({ weight: weight[q]!, at: this.foundAt[f]! * 3 });
    }
    weighed.sort((a, b) => b.weight - a.weight || a.at - b.at);
    const paper = { found: this.found, table, fields, categories, rules };
    return describeFeatures(m, paper, topic, weighed, topicName, max);
  }
}
