import { describe, expect, it } from 'vitest';
import { phraseKey } from '../../../lib/text/tokens';
import { ARXIV_CATEGORIES } from '../../../lib/topics/data/categories';
import { loadPack, PackError } from '../../../lib/topics/load-pack';
import { compilePack } from '../../../lib/topics/pack/compile';

const pack = loadPack();
const fine = pack.topics.filter((t) => t.kind === 'fine');
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every topic name shown on the reference topic page (../shared/reference/topic-page.md). */
const REFERENCE_NAMES = [
  '3D Scene Generation',
  '3D Scene Layout Generation',
  'AI Agent Benchmarks',
  'Actor-Critic Methods',
  'Agentic RL',
  'Asynchronous RL',
  'Constrained Generative Modeling',
  'Continual Learning for LLM Agents',
  'Contrastive RL',
  'Credit Assignment',
  'Credit Assignment in RL',
  'Curriculum RL',
  'Deep Research Agents',
  'Distributed RL',
  'Fine-Grained Credit Assignment',
  'Functional 3D Scene Generation',
  'Group Relative Policy Optimization',
  'LLM Agent Self-Improvement',
  'LLM Agent Skill Learning',
  'LLM Agent Training',
  'LLM Agents',
  'LLM Inference Acceleration',
  'LLM Inference Scheduling',
  'LLM Tool Use',
  'LLM World Models',
  'Language Model Self-Improvement',
  'Long-Horizon Agent Tasks',
  'Long-Horizon LLM Agents',
  'Memory-Augmented Agents',
  'Multi-Task RL',
  'Multimodal Emotion Recognition',
  'Multimodal Large Language Models',
  'Muon Optimizer',
  'On-Policy Distillation',
  'Policy Learning',
  'Policy Optimization',
  'Proximal Policy Optimization',
  'RL Post-Training',
  'RL for Combinatorial Optimization',
  'RL for Generative Models',
  'RL for LLM Agents',
  'RL for Language Model Reasoning',
  'RL for Language Models',
  'RL for Tool Use',
  'RL for VLMs',
  'Recursive Self-Improvement',
  'Reinforcement Learning',
  'Reinforcement Learning with Verifiable Rewards',
  'Rubric-Based RL',
  'Self-Distillation',
  'Self-Improving Agents',
  'Software Vulnerability Detection',
  'Sparse-Reward RL',
  'Step-Level Credit Assignment in RL',
  'Temporal Credit Assignment',
  'Tool-Augmented Language Model Agents',
  'Tool-Use Evaluation',
  'Transfer Learning',
  'Urban Planning',
  'World Models',
];

/** Ids and names the hand labels of the eval (test/eval/labels.json) rely on. */
const LABELLED = {
  'llm-agents': 'LLM Agents',
  'multi-agent-systems': 'Multi-Agent Systems',
  'reinforcement-learning': 'Reinforcement Learning',
  'diffusion-models': 'Diffusion Models',
  '3d-gaussian-splatting': '3D Gaussian Splatting',
  'retrieval-augmented-generation': 'Retrieval-Augmented Generation',
  'multimodal-large-language-models': 'Multimodal Large Language Models',
  'llm-reasoning': 'LLM Reasoning',
  'image-segmentation': 'Image Segmentation',
  'video-generation': 'Video Generation',
  'code-generation': 'Code Generation',
  'medical-image-analysis': 'Medical Image Analysis',
  'llm-safety': 'LLM Safety',
  'llm-hallucination': 'LLM Hallucination',
  'knowledge-distillation': 'Knowledge Distillation',
  'machine-translation': 'Machine Translation',
  'autonomous-driving': 'Autonomous Driving',
  'explainable-ai': 'Explainable AI',
  'object-tracking': 'Object Tracking',
  'document-understanding': 'Document Understanding',
  'ai-agent-benchmarks': 'AI Agent Benchmarks',
  'text-to-image-generation': 'Text-to-Image Generation',
  'agentic-rl': 'Agentic RL',
};

describe('the bundled topic pack', () => {
  it('has at least 500 fine topics and every arXiv category', () => {
    expect(fine.length).toBeGreaterThanOrEqual(500);
    expect(pack.topics.filter((t) => t.kind === 'category')).toHaveLength(ARXIV_CATEGORIES.length);
    expect(pack.version).toMatch(/\S/);
  });

  it('is compiled once', () => {
    expect(loadPack()).toBe(pack);
  });

  it('names fine topics by kebab-case slugs of their names', () => {
    for (const t of fine) expect(t.id, t.name).toBe(slug(t.name));
  });

  it('gives every topic a description, parents that exist and a readable rule', () => {
    for (const t of fine) {
      expect(t.description.length, t.id).toBeGreaterThan(20);
      expect(t.rule, t.id).toMatch(/^The (title|paper) /);
      for (const p of t.parents) expect(pack.byId.get(p)?.kind, `${t.id} -> ${p}`).toBe('fine');
      expect(t.parents).not.toContain(t.id);
    }
  });

  it('has no duplicate or near-duplicate names and aliases across topics', () => {
    const owner = new Map<string, string>();
    for (const t of fine) {
      for (const label of [t.name, ...t.aliases]) {
        const key = phraseKey(label);
        const previous = owner.get(key);
        expect(previous === undefined || previous === t.id, `"${label}" of ${t.id} and ${previous}`).toBe(
          true,
        );
        owner.set(key, t.id);
      }
    }
  });

  it('does not repeat an arXiv category name as a fine topic', () => {
    const categories = new Set(ARXIV_CATEGORIES.map((c) => phraseKey(c.name)));
    for (const t of fine) expect(categories.has(phraseKey(t.name)), t.name).toBe(false);
  });

  it('expands the acronyms in topic names', () => {
    for (const t of fine) {
      const acronyms = t.name
        .split(/[\s-]+/)
        .filter((w) => /^(RL|LLMs?|VLMs?|MLLMs?|NLP|SLAM|BEV|GUI|VLA)$/.test(w));
      if (acronyms.length === 0) continue;
      expect(t.expansion, t.name).toBeDefined();
      for (const a of acronyms) expect(t.expansion, t.name).toContain(a.replace(/s$/, ''));
    }
    for (const t of fine.filter((f) => f.expansion)) expect(t.expansion, t.id).toMatch(/^[\w'-]+: \S/);
  });

  it('has every topic name of the reference topic page, by name or alias', () => {
    const labels = new Map<string, string>();
    for (const t of fine) for (const label of [t.name, ...t.aliases]) labels.set(phraseKey(label), t.id);
    const missing = REFERENCE_NAMES.filter((n) => !labels.has(phraseKey(n)));
    expect(missing).toEqual([]);
    expect(REFERENCE_NAMES).toHaveLength(60);
  });

  it('has the topics the eval labels use, under these exact ids and names', () => {
    for (const [id, name] of Object.entries(LABELLED)) expect(pack.byId.get(id)?.name, id).toBe(name);
    const mllm = pack.byId.get('multimodal-large-language-models')!;
    expect(mllm.aliases).toEqual(expect.arrayContaining(['Vision-Language Models', 'VLMs', 'MLLMs']));
    expect(pack.byId.get('agentic-rl')?.expansion).toBe('RL: Reinforcement Learning');
  });

  it('names categories by their arXiv ids', () => {
    expect(pack.byId.get('cs.AI')).toMatchObject({
      kind: 'category',
      name: 'Artificial Intelligence',
      archive: 'cs',
    });
    expect(pack.byId.get('q-bio.NC')).toMatchObject({ name: 'Neurons and Cognition', archive: 'q-bio' });
    expect(pack.byId.get('hep-th')).toMatchObject({ archive: 'hep-th' });
  });
});

const topic = (over: Record<string, unknown> = {}) => ({
  id: 'world-models',
  name: 'World Models',
  description: 'Learned models of how environments evolve.',
  ...over,
});
const data = (topics: unknown[], sets: Record<string, string[]> = {}) => ({ version: 't1', sets, topics });

describe('compilePack', () => {
  it('compiles a small pack', () => {
    const small = compilePack(
      data([topic(), topic({ id: 'llm-world-models', name: 'LLM World Models', parents: ['world-models'] })]),
    );
    expect(small.rules.map((r) => r.topic.id)).toEqual(['world-models', 'llm-world-models']);
    expect(small.byId.get('cs.LG')?.kind).toBe('category');
  });

  it.each([
    ['not an object', 42, /invalid topic pack/],
    ['no topics', { version: '1', topics: [] }, /topics/],
    ['a topic without description', data([{ id: 'a-b', name: 'A B' }]), /description/],
    ['an id that is not a slug', data([topic({ id: 'World Models' })]), /kebab-case/],
    ['an unknown field', data([topic({ phrase: ['x'] })]), /topics\.0/],
    ['a duplicate id', data([topic(), topic({ name: 'Other Name' })]), /duplicate topic id world-models/],
    ['an id of a category', data([topic({ id: 'cs.AI' })]), /kebab-case/],
    ['an unknown parent', data([topic({ parents: ['nowhere'] })]), /unknown parent nowhere/],
    [
      'a parent cycle',
      data([
        topic({ parents: ['b-topic'] }),
        topic({ id: 'b-topic', name: 'B Topic', parents: ['world-models'] }),
      ]),
      /cycle/,
    ],
    [
      'an alias of another topic',
      data([topic(), topic({ id: 'b-topic', name: 'B Topic', aliases: ['world model'] })]),
      /duplicates/,
    ],
    ['an unknown phrase set', data([topic({ phrases: ['$nothing'] })]), /unknown phrase set \$nothing/],
    ['a phrase without words', data([topic({ phrases: ['-- ...'] })]), /has no words/],
    ['a title-only cue', data([topic({ cues: ['ti:world'] })]), /title-only/],
    ['too many groups', data([topic({ all: [['a'], ['b'], ['c'], ['d'], ['e']] })]), /all/],
  ])('rejects %s with a clear message', (_, bad, message) => {
    expect(() => compilePack(bad)).toThrow(PackError);
    expect(() => compilePack(bad)).toThrow(message);
  });
});
