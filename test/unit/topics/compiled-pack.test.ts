import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../../lib/cli/read-papers';
import { loadPack, PackError, withModel } from '../../../lib/topics/load-pack';
import { parsePattern } from '../../../lib/topics/matching/phrase-index';
import { loadCompiledPack, serializePack } from '../../../lib/topics/pack/artifact';
import type { PackArtifact } from '../../../lib/topics/pack/artifact-schema';
import { compilePack } from '../../../lib/topics/pack/compile';
import { PACK_DATA } from '../../../lib/topics/pack/source';
import { tagPaper, tagPaperExplained } from '../../../lib/topics/tagger';

/**
 * The bundled compiled pack (lib/topics/data/compiled.json) against the source pack (lib/topics/data/*.json).
 * After a change to the pack: npx vitest run test/unit/topics/compiled-pack.test.ts -u
 */

const source = compilePack(PACK_DATA);
const COMPILED_PATH = new URL('../../../lib/topics/data/compiled.json', import.meta.url);
const artifact = serializePack(source);

/** One field per line, a topic per line: a change to the pack shows as a change to its topics' lines. */
function formatArtifact(a: PackArtifact): string {
  const { topics, ...rest } = a;
  const fields = Object.entries(rest).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  const lines = topics.map((t) => JSON.stringify(t));
  return `{\n${fields.join(',\n')},\n"topics": [\n${lines.join(',\n')}\n]\n}\n`;
}

const papers = readJsonl(
  readFileSync(new URL('../../fixtures/topics/papers.jsonl', import.meta.url), 'utf8'),
  'papers.jsonl',
);

describe('the bundled compiled pack', () => {
  it('is what compilePack makes of the source pack', async () => {
    await expect(formatArtifact(artifact)).toMatchFileSnapshot('../../../lib/topics/data/compiled.json');
  });

  it('tags, explains and lists topics exactly as the source pack does', () => {
    // The rules as bundled (loadPack adds the learned layer on top: model-artifact.test.ts).
    const bundled = loadCompiledPack(JSON.parse(readFileSync(COMPILED_PATH, 'utf8')));
    expect(bundled.version).toBe(source.version);
    expect(JSON.stringify(bundled.topics)).toBe(JSON.stringify(source.topics));
    expect(bundled.index.patternCount).toBe(source.index.patternCount);
    const hard = [
      {
        title: 'LLMs AND llm agents',
        abstract: 'Agentic RL (ARL) with GRPO; ARL beats PPO. ARLs',
        categories: [],
      },
      { title: '', abstract: '((((', categories: ['cs.LG'] },
      { title: 'Schrödinger’s 3D-GS', abstract: 'naïve e\u0301t\u00e9 𝑥-LoRA (LoRA)', categories: ['cs.CV'] },
    ];
    for (const paper of [...papers, ...hard]) {
      expect(tagPaperExplained(paper, bundled)).toEqual(tagPaperExplained(paper, source));
    }
  });

  it('survives a round trip unchanged', () => {
    expect(serializePack(loadCompiledPack(artifact))).toEqual(artifact);
  });
});

describe('loadCompiledPack', () => {
  const broken = (over: Partial<Record<keyof PackArtifact, unknown>>) => ({ ...artifact, ...over });
  const firstTopic = artifact.topics[0]!;

  it.each([
    ['not an object', 'pack', /invalid compiled pack/],
    ['another format', broken({ format: 1 }), /format/],
    [
      'a topic without rule text',
      broken({ topics: [{ ...firstTopic, rule: undefined }] }),
      /topics\.0\.rule/,
    ],
    ['an unknown topic field', broken({ topics: [{ ...firstTopic, phrases: [] }] }), /topics\.0/],
    [
      'aliases that are not strings',
      broken({ topics: [{ ...firstTopic, aliases: [3] }] }),
      /topics\.0\.aliases/,
    ],
    ['a topic that is not an object', broken({ topics: [firstTopic, 'x'] }), /topics\.1: must be an object/],
    ['an id that is not a slug', broken({ topics: [{ ...firstTopic, id: 'A B' }] }), /topics\.0\.id/],
    ['a weight out of range', broken({ topics: [{ ...firstTopic, weight: 5 }] }), /topics\.0\.weight/],
    ['no topics', broken({ topics: [] }), /topics/],
    ['a bad character in numbers', broken({ tokens: 'AB"C' }), /tokens/],
    ['a number cut short', broken({ usages: 'Bg' }), /usages/],
    ['a number too long', broken({ usages: 'gggggggA' }), /usages/],
    ['a repeated form', broken({ forms: 'a a' }), /forms/],
    ['form data of another length', broken({ formData: 'A' }), /formData/],
    ['a token beyond the forms', broken({ tokens: 'B_____A' }), /pattern 0: token 0/],
    ['a pattern cut short', broken({ tokens: 'D' }), /pattern 0: length/],
    ['a pattern ending in *', broken({ tokens: 'BC' }), /pattern 0: a \* at an end/],
    ['buckets that do not cover the lists', broken({ buckets: 'BAA' }), /buckets/],
    ['a key repeated in a bucket', broken({ buckets: 'AACBABA' }), /bucket 0: key 1/],
    ['a usage of a missing topic', broken({ usages: 'B_____A' }), /usage/],
    [
      'a parent that is not a topic',
      broken({ topics: [{ ...firstTopic, parents: ['nowhere'] }] }),
      /nowhere/,
    ],
  ])('rejects %s', (_, bad, message) => {
    expect(() => loadCompiledPack(bad)).toThrow(PackError);
    expect(() => loadCompiledPack(bad)).toThrow(message);
  });

  it('restores a lazily loaded index when it first tags, and tags as the eager one does', () => {
    const lazy = loadCompiledPack(artifact, true);
    expect(lazy.topics).toEqual(source.topics);
    for (const paper of papers)
      expect(tagPaperExplained(paper, lazy)).toEqual(tagPaperExplained(paper, source));

    // A damaged index is refused when first read, not at load; adding the learned layer reads none of it.
    const damaged = loadCompiledPack(broken({ tokens: 'D' }), true);
    const model = JSON.parse(
      readFileSync(new URL('../../../lib/topics/data/model.json', import.meta.url), 'utf8'),
    );
    const withLayer = withModel(damaged, model, true);
    expect(withLayer.byId.get(firstTopic.id)?.name).toBe(firstTopic.name);
    expect(() => tagPaper(papers[0]!, withLayer)).toThrow(/pattern 0: length/);
    expect(() => loadCompiledPack(broken({ tokens: 'D' }))).toThrow(PackError);
  });

  it('takes no new phrases once loaded', () => {
    expect(() => loadPack().index.add(parsePattern('world model')!)).toThrow(PackError);
  });

  it('rejects a role no usage can have', () => {
    // Topic 0, role 9: title-only is for strong phrases and groups, not cues.
    const usages = `B${String.fromCharCode(74)}${'A'.repeat(source.index.patternCount - 1)}`;
    expect(() => loadCompiledPack(broken({ usages }))).toThrow(/usage 9 of pattern 0/);
  });
});
