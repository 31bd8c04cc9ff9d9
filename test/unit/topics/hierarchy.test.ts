import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../../lib/cli/read-papers';
import { loadPack } from '../../../lib/topics/load-pack';
import { limitFound } from '../../../lib/topics/model/combine';
import { loadCompiledPack } from '../../../lib/topics/pack/artifact';
import { withoutAncestors } from '../../../lib/topics/scoring/hierarchy';
import { tagPaper } from '../../../lib/topics/tagger';

const pack = loadPack();
const rules = loadCompiledPack(
  JSON.parse(readFileSync(new URL('../../../lib/topics/data/compiled.json', import.meta.url), 'utf8')),
);
const papers = readJsonl(
  readFileSync(new URL('../../fixtures/topics/papers.jsonl', import.meta.url), 'utf8'),
  'papers.jsonl',
);

const AGENTIC_RL = {
  title: 'Multi-Turn Reinforcement Learning for Tool-Using LLM Agents',
  abstract:
    'We train LLM agents with reinforcement learning over multi-turn tool calls in interactive environments, with GRPO and a trajectory-level reward.',
  categories: ['cs.LG'],
};

function ancestors(id: string, out = new Set<string>()): Set<string> {
  for (const p of pack.byId.get(id)?.parents ?? []) {
    if (!out.has(p)) {
      out.add(p);
      ancestors(p, out);
    }
  }
  return out;
}

describe('topic hierarchy: a child is a kind of each of its parents', () => {
  it('gives every ancestor of a given topic, with the evidence of the child that implied it', () => {
    // The rules alone: with the learned layer the broad parents are often given in their own right.
    const tags = tagPaper(AGENTIC_RL, rules);
    const ids = new Set(tags.map((t) => t.topicId));
    expect(ids.has('agentic-rl')).toBe(true);
    for (const tag of tags) {
      if (pack.byId.get(tag.topicId)?.kind !== 'fine') continue;
      for (const a of ancestors(tag.topicId)) expect(ids, `${tag.topicId} -> ${a}`).toContain(a);
    }
    const implied = tags.filter((t) => t.source === 'parent');
    expect(implied.length).toBeGreaterThan(0);
    for (const t of implied) expect(t.evidence.length).toBeGreaterThan(0);
  });

  it('links only kinds: a related topic is not a parent (TRAIN chip review: the child right, the parent wrong)', () => {
    // Plant phenotyping is farming, not a societal-good framing; a VLM answering game questions acts over no
    // steps; a collaboration interface needs no user study; spiking models are not accelerator hardware.
    for (const [child, related] of [
      ['agriculture-ai', 'ai-for-social-good'],
      ['llms-in-games', 'llm-agents'],
      ['human-ai-collaboration', 'user-studies'],
      ['neuromorphic-computing', 'hardware-accelerators'],
      // Measured on the 1,560-paper review: the parent right on fewer than half the papers whose child was
      // right (of at least 3). DPO tuned for task accuracy is not value alignment; weak labels are not data
      // work; a constraint model is not proof theory; a survival model need not be new methodology; a
      // backdoor trigger is no small perturbation; music retrieval is not sound-event audition.
      ['preference-optimization', 'ai-alignment'],
      ['weakly-supervised-learning', 'data-centric-ai'],
      ['constraint-solving', 'computational-logic'],
      ['survival-analysis', 'statistical-methodology'],
      ['backdoor-attacks', 'adversarial-robustness'],
      ['music-information-retrieval', 'computer-audition'],
      // A reward model (a math verifier, a process reward model) need not serve RLHF or value alignment.
      ['reward-models', 'rlhf'],
      ['process-reward-models', 'ai-alignment'],
    ] as const) {
      expect(pack.byId.get(child), child).toBeDefined();
      expect(ancestors(child).has(related), `${child} -> ${related}`).toBe(false);
    }
    const phenotyping = tagPaper(
      {
        title: 'High-Throughput Plant Phenotyping with Multi-View Imaging',
        abstract:
          'We present a plant phenotyping pipeline for a greenhouse facility that measures leaf area and plant height from multi-view images, supporting precision agriculture.',
        categories: ['cs.CV'],
      },
      pack,
    ).map((t) => t.topicId);
    expect(phenotyping).toContain('agriculture-ai');
    expect(phenotyping).not.toContain('ai-for-social-good');
  });

  it('has no cycle and no unknown parent', () => {
    for (const t of pack.topics) expect(ancestors(t.id).has(t.id), t.id).toBe(false);
  });

  it('never gives a child without its parents, on any fixture paper', () => {
    for (const p of papers) {
      const ids = new Set(tagPaper(p, pack).map((t) => t.topicId));
      for (const id of ids) for (const a of ancestors(id)) expect(ids, `${p.id}: ${id} -> ${a}`).toContain(a);
    }
  });
});

describe('the per-paper limit', () => {
  it('does not let broad parents push out the specific topics they contain', () => {
    const tag = (topicId: string, score: number) => ({ topicId, score, evidence: [] });
    // Parents first by score, as a confident model tags them; the specific topic comes seventh.
    const candidates = [
      tag('large-language-models', 12),
      tag('reinforcement-learning', 11),
      tag('llm-reasoning', 10),
      tag('rl-for-language-models', 9),
      tag('diffusion-models', 8),
      tag('image-generation', 7.5),
      tag('rl-for-llm-reasoning', 7),
      tag('object-detection', 6),
    ];
    const kept = limitFound(candidates, pack, 3, undefined).map((t) => t.topicId);
    expect(kept).toContain('rl-for-llm-reasoning');
    expect(kept).toContain('large-language-models');
    expect(kept).not.toContain('object-detection');
  });
});

describe('withoutAncestors', () => {
  it('drops the topics that are an ancestor of another listed one, keeping the order', () => {
    const pack = loadPack();
    const parentsOf = (id: string) => pack.byId.get(id)?.parents;
    expect(
      withoutAncestors(['llm-hallucination', 'large-language-models', 'diffusion-models'], parentsOf),
    ).toEqual(['llm-hallucination', 'diffusion-models']);
    // Grandparents too: Agentic RL is a kind of RL for language models, which is a kind of RL.
    expect(withoutAncestors(['reinforcement-learning', 'agentic-rl'], parentsOf)).toEqual(['agentic-rl']);
    expect(withoutAncestors(['unknown-topic'], parentsOf)).toEqual(['unknown-topic']);
  });
});
