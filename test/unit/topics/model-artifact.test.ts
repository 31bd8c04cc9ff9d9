import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../../lib/cli/read-papers';
import { loadPack, withModel } from '../../../lib/topics/load-pack';
import { featureKeys, RULE_EVIDENCE, RULE_GIVEN } from '../../../lib/topics/model/features';
import { loadModel, ModelError } from '../../../lib/topics/model/model-load';
import { MODEL_FORMAT, ModelArtifactSchema } from '../../../lib/topics/model/model-schema';
import { decodeWeights } from '../../../lib/topics/model/weights-codec';
import { loadCompiledPack } from '../../../lib/topics/pack/artifact';
import { rulesSaid, tagPaper } from '../../../lib/topics/tagger';

/** The learned layer as shipped (lib/topics/data/model.json, written by `npm run train`). */

const json = JSON.parse(
  readFileSync(new URL('../../../lib/topics/data/model.json', import.meta.url), 'utf8'),
);
const compiled = JSON.parse(
  readFileSync(new URL('../../../lib/topics/data/compiled.json', import.meta.url), 'utf8'),
);
const papers = readJsonl(
  readFileSync(new URL('../../fixtures/topics/papers.jsonl', import.meta.url), 'utf8'),
  'papers.jsonl',
);
const pack = loadPack();

describe('the shipped model', () => {
  it('matches its schema, in the format this code reads', () => {
    const parsed = ModelArtifactSchema.parse(json);
    expect(parsed.format).toBe(MODEL_FORMAT);
    expect(parsed.topics.length).toBeGreaterThanOrEqual(40);
  });

  it('carries the version the training script gives its content (not edited by hand)', () => {
    const { about: _about, format: _format, version, ...body } = json;
    expect(createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12)).toBe(version);
  });

  it('was trained on the rules of the shipped pack', () => {
    expect(json.packVersion).toBe(compiled.version);
  });

  it('loads with the pack, which then names both versions', () => {
    expect(pack.model).toBeDefined();
    expect(pack.version).toBe(`${compiled.version}+model.${json.version}`);
    for (const id of pack.model!.model.topicIds) expect(pack.byId.get(id)?.kind).toBe('fine');
  });

  it('sees in a paper exactly the features training saw (keys of features.ts)', () => {
    const scorer = pack.model!;
    const keys: string[] = json.features.split('\n');
    const known = new Map<string, number>(keys.map((k, i) => [k, i]));
    const rulesOnly = loadCompiledPack(compiled);
    for (const p of papers) {
      // Training reads what the rules alone said (rulesSaid) as r: and e: features.
      const said = rulesSaid(p, rulesOnly);
      tagPaper(p, pack);
      const expected = [
        ...featureKeys(p),
        ...said.given.map((id) => RULE_GIVEN + id),
        ...said.evidence.map((id) => RULE_EVIDENCE + id),
      ]
        .map((k) => known.get(k))
        .filter((f): f is number => f !== undefined)
        .sort((a, b) => a - b);
      expect(
        [...scorer.lastFeatures()].sort((a, b) => a - b),
        p.id,
      ).toEqual(expected);
      // And scores them as the file says: bias + the weights of the paper's features.
      const scores = scorer.lastScores();
      json.topics.forEach((t: { id: string; bias: number; weights: string }, k: number) => {
        let z = t.bias;
        for (const [f, w] of decodeWeights(t.id, t.weights, keys.length)) if (expected.includes(f)) z += w;
        expect(scores[k]).toBeCloseTo(z, 4);
      });
    }
  });

  it("shows a model tag's evidence as words of the paper", () => {
    let modelTags = 0;
    for (const p of papers) {
      for (const tag of tagPaper(p, pack)) {
        if (tag.source !== 'model') continue;
        modelTags++;
        expect(tag.evidence.length).toBeGreaterThan(0);
        const text = `${p.title} ${p.abstract} ${p.categories.join(' ')}`.toLowerCase();
        for (const e of tag.evidence) {
          if (e.where === 'topic') {
            // "The rules gave (or nearly gave) topic X", shown by name: never the tag's own topic.
            expect(pack.topics.find((t) => t.name === e.phrase)?.id, e.phrase).not.toBe(tag.topicId);
            expect(
              pack.topics.some((t) => t.name === e.phrase),
              e.phrase,
            ).toBe(true);
          } else for (const w of e.phrase.toLowerCase().split(' ')) expect(text).toContain(w);
        }
      }
    }
    // The fixture papers include some the model tags beyond the rules (e.g. Large Language Models).
    expect(modelTags).toBeGreaterThan(0);
  });

  it('refuses a model of another format or one naming a topic the pack lacks', () => {
    expect(() => loadModel({ ...json, format: MODEL_FORMAT + 1 })).toThrow(ModelError);
    const rules = loadCompiledPack(compiled);
    const stranger = { ...json, topics: [{ ...json.topics[0], id: 'no-such-topic' }] };
    expect(() => withModel(rules, stranger)).toThrow(ModelError);
    expect(() => loadModel({ ...json, topics: [{ ...json.topics[0], weights: [1e9, 1] }] })).toThrow(
      ModelError,
    );
  });

  it('compiles a lazily loaded model only when it first tags, and tags as the eager one does', () => {
    const rules = loadCompiledPack(compiled);
    const eager = withModel(rules, json);
    const lazy = withModel(rules, json, true);
    expect(lazy.version).toBe(eager.version);
    expect(lazy.model!.compiledYet).toBe(false);
    for (const p of papers.slice(0, 20)) expect(tagPaper(p, lazy)).toEqual(tagPaper(p, eager));
    expect(lazy.model!.compiledYet).toBe(true);
    const stranger = { ...json, topics: [{ ...json.topics[0], id: 'no-such-topic' }] };
    const bad = withModel(rules, stranger, true);
    expect(() => tagPaper(papers[0]!, bad)).toThrow(ModelError);
    expect(() => withModel(rules, { ...json, version: undefined }, true)).toThrow(ModelError);
  });

  it('refuses a feature key that is not one of features.ts', () => {
    const withFeature = (key: string) => ({ ...json, features: `${json.features}\n${key}` });
    expect(() => loadModel(withFeature('w:novel'))).not.toThrow();
    for (const key of ['b:one', 'b: two', 'b:two ', 'b:one two three', 'x:novel', 'wnovel', ''])
      expect(() => loadModel(withFeature(key)), key).toThrow(ModelError);
  });
});
