import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../../lib/cli/read-papers';
import { loadPack } from '../../../lib/topics/load-pack';
import { MAX_FINE_TOPICS, tagPaper } from '../../../lib/topics/tagger';

const pack = loadPack();
const papers = readJsonl(
  readFileSync(new URL('../../fixtures/topics/papers.jsonl', import.meta.url), 'utf8'),
  'papers.jsonl',
);
const fineIds = (p: { title: string; abstract: string; categories: string[] }) =>
  tagPaper(p, pack)
    .filter((t) => pack.byId.get(t.topicId)?.kind === 'fine')
    .map((t) => t.topicId);

/** The topic a researcher would put first on each hand-written fixture paper. */
const MAIN_TOPIC: Record<string, string> = {
  '2607.00101': 'agentic-rl',
  '2607.00102': 'legged-locomotion',
  '2607.00103': 'machine-translation',
  '2607.00104': '3d-gaussian-splatting',
  '2607.00105': 'llm-hallucination',
  '2607.00106': 'medical-image-analysis',
  '2607.00107': 'llm-safety',
  '2607.00108': 'muon-optimizer',
  '2607.00109': 'retrieval-augmented-generation',
  '2607.00110': 'video-generation',
  '2607.00111': 'code-generation',
  '2607.00112': 'autonomous-driving',
  '2607.00113': 'conformal-prediction',
  '2607.00114': 'protein-design',
  '2607.00115': 'knowledge-distillation',
  // Its abstract names human-AI reliance once each in two phrases and nothing in the title: since chips need
  // title evidence or a strong abstract (fine-scoring.ts, abstractOnly), its main chip is the title's topic.
  '2607.00116': 'empirical-software-engineering',
  '2607.00117': 'approximation-algorithms',
  '2607.00118': 'speech-recognition',
  '2607.00119': 'object-tracking',
  '2607.00120': 'multi-agent-systems',
  '2607.00121': 'document-understanding',
  '2607.00122': 'explainable-ai',
  '2607.00123': 'text-to-image-generation',
  '2607.00124': 'weather-and-climate-ai',
  '2607.00125': 'sentiment-analysis',
};

describe('tagPaper with the bundled pack', () => {
  it.each(papers.map((p) => [p.id, p] as const))('finds the main topic of %s', (id, p) => {
    const ids = fineIds(p);
    expect(ids).toContain(MAIN_TOPIC[id]);
    // The limit bounds the most specific topics found; their parents come on top (hierarchy.ts).
    const fine = tagPaper(p, pack).filter((t) => pack.byId.get(t.topicId)?.kind === 'fine');
    const parents = new Set(fine.flatMap((t) => pack.byId.get(t.topicId)!.parents));
    expect(fine.filter((t) => !parents.has(t.topicId)).length).toBeLessThanOrEqual(MAX_FINE_TOPICS);
  });

  it('gives every tag evidence found in the paper itself', () => {
    for (const p of papers) {
      for (const tag of tagPaper(p, pack)) {
        expect(tag.evidence.length, `${p.id} ${tag.topicId}`).toBeGreaterThan(0);
        for (const e of tag.evidence) {
          if (e.where === 'category') expect(p.categories).toContain(e.phrase);
          else if (e.where === 'topic') {
            // The learned layer's reason "the rules gave (or nearly gave) topic X": another topic, by name.
            const named = pack.topics.find((t) => t.name === e.phrase);
            expect(named, e.phrase).toBeDefined();
            expect(named!.id).not.toBe(tag.topicId);
          } else {
            const words = e.phrase.split(' ');
            const text = e.where === 'title' ? p.title : p.abstract;
            for (const w of words) expect(text, `${tag.topicId}: ${e.phrase}`).toContain(w);
          }
        }
      }
    }
  });

  it('does not call a robotics RL paper Agentic RL', () => {
    const robot = papers.find((p) => p.id === '2607.00102')!;
    expect(fineIds(robot)).toContain('reinforcement-learning');
    expect(fineIds(robot)).not.toContain('agentic-rl');
  });

  it('does not call a paper that mentions LLMs once an LLM Agents paper', () => {
    const p = {
      title: 'Fast Sparse Attention Kernels for Long Sequences',
      abstract:
        'Attention is quadratic in sequence length. We design block-sparse GPU kernels that skip masked tiles and ' +
        'fuse the softmax, reaching 3x speedups over dense kernels. Such kernels also benefit LLM serving.',
      categories: ['cs.LG'],
    };
    expect(fineIds(p)).not.toContain('llm-agents');
    expect(fineIds(p)).toContain('efficient-attention');
  });

  it('matches plural, hyphen and case variants and the paper’s own acronyms', () => {
    const p = {
      title: 'Agentic Reinforcement-Learning with Large-Language-Model Agents',
      abstract:
        'We train large language model agents with Group Relative Policy Optimization (GRPO) on multi-turn ' +
        'web tasks. GRPO with tool calls improves agents.',
      categories: ['cs.CL'],
    };
    const tags = tagPaper(p, pack);
    expect(tags.map((t) => t.topicId)).toEqual(expect.arrayContaining(['agentic-rl', 'llm-agents']));
    const grpo = tags.find((t) => t.topicId === 'group-relative-policy-optimization');
    expect(grpo?.evidence).toEqual(expect.arrayContaining([{ phrase: 'GRPO', where: 'abstract' }]));
  });

  it('keeps physics muons out of the Muon optimizer topic (category gate)', () => {
    const p = {
      title: 'Muon tracking in the forward detector',
      abstract: 'We reconstruct muon tracks. The muon momentum resolution improves by 10%.',
      categories: ['hep-ex'],
    };
    expect(fineIds(p)).not.toContain('muon-optimizer');
  });
});
