import { describe, expect, it } from 'vitest';
import type { TaggableText } from '../../../lib/paper';
import { compilePack } from '../../../lib/topics/pack/compile';
import {
  compileUserTopics,
  MAX_FINE_TOPICS,
  tagPaper,
  tagPaperExplained,
  userTopicId,
} from '../../../lib/topics/tagger';

const small = compilePack({
  version: 'test',
  sets: { rl: ['reinforcement learning', 'RL', 'GRPO', 'PPO'], llm: ['LLM', 'language model'] },
  topics: [
    {
      id: 'reinforcement-learning',
      name: 'Reinforcement Learning',
      aliases: ['RL'],
      description: 'Agents that learn from reward.',
      phrases: ['policy gradient', 'group relative policy optimization'],
      cues: ['reward'],
    },
    {
      id: 'agentic-rl',
      name: 'Agentic RL',
      expansion: 'RL: Reinforcement Learning',
      description: 'RL for LLM agents.',
      all: [['$rl'], ['LLM agent', 'tool use']],
      require: ['$llm', 'LLM agent'],
      exclude: ['robot'],
    },
    {
      id: 'medical-imaging',
      name: 'Medical Imaging',
      description: 'Analysis of medical images.',
      phrases: ['CT', 'MRI'],
      categories: ['cs.CV', 'eess.IV'],
    },
    {
      id: 'benchmarks',
      name: 'Benchmarks',
      description: 'Papers whose contribution is a benchmark.',
      nameMatch: false,
      all: [['ti:benchmark'], ['agent']],
    },
    ...['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'].map((w) => ({
      id: `topic-${w}`,
      name: `Topic ${w}`,
      description: `A topic about ${w} things.`,
      phrases: [`${w} model`],
    })),
  ],
});

const paper = (title: string, abstract: string, categories: string[] = ['cs.LG']): TaggableText => ({
  title,
  abstract,
  categories,
});
const ids = (p: TaggableText) => tagPaper(p, small).map((t) => t.topicId);
const fine = (p: TaggableText) => ids(p).filter((id) => !id.includes('.'));
const scoreOf = (p: TaggableText, id: string) =>
  tagPaperExplained(p, small).tags.find((t) => t.topicId === id)?.score ??
  tagPaperExplained(p, small).rejected.find((t) => t.topicId === id)?.score ??
  0;

describe('tagPaper with a small pack', () => {
  it('tags a title mention but not a single passing mention in the abstract', () => {
    expect(fine(paper('Reinforcement Learning for Chess', 'We study chess.'))).toEqual([
      'reinforcement-learning',
    ]);
    expect(fine(paper('Chess engines', 'Unlike reinforcement learning, we search.'))).toEqual([]);
    // Without a title hit, the abstract must say more than twice what it is about.
    const twice = 'We use reinforcement learning. Our reinforcement learning agent wins.';
    expect(fine(paper('Chess engines', twice))).toEqual([]);
    expect(tagPaperExplained(paper('Chess engines', twice), small).rejected).toContainEqual(
      expect.objectContaining({ topicId: 'reinforcement-learning', reason: 'below threshold' }),
    );
    expect(fine(paper('Chess engines', `${twice} Reinforcement learning wins again.`))).toEqual([
      'reinforcement-learning',
    ]);
  });

  it('weighs title hits above abstract hits', () => {
    const inTitle = scoreOf(paper('Policy gradient methods', 'Nothing else.'), 'reinforcement-learning');
    const inAbstract = scoreOf(paper('Methods', 'A policy gradient method.'), 'reinforcement-learning');
    expect(inTitle).toBeGreaterThan(inAbstract);
  });

  it('reads acronyms case-sensitively and learns the ones a paper defines', () => {
    expect(fine(paper('Rl and rl', 'rl rl rl, Rl'))).toEqual([]);
    const defined = paper(
      'Scaling PG to chess',
      'We study policy gradient (PG) at scale. PG is simple. PG works.',
    );
    const tag = tagPaper(defined, small).find((t) => t.topicId === 'reinforcement-learning')!;
    expect(tag.evidence).toContainEqual({ phrase: 'PG', where: 'title' });
    expect(tag.evidence).toContainEqual({ phrase: 'policy gradient', where: 'abstract' });
    // Without the definition, "PG" means nothing to the pack.
    expect(fine(paper('Scaling PG to chess', 'PG is simple. PG works.'))).toEqual([]);
  });

  it('does not take an acronym for a phrase it does not spell', () => {
    const p = paper('Chess', 'A new Self Play Policy Gradient (SPPG) method. SPPG wins. SPPG is fast.');
    const tag = tagPaper(p, small).find((t) => t.topicId === 'reinforcement-learning');
    expect(tag?.evidence.some((e) => e.phrase === 'SPPG')).toBeFalsy();
  });

  it('needs every group of a co-occurrence, the required terms, and no excluded term', () => {
    const agentic = paper(
      'Training LLM agents with RL',
      'LLM agents learn tool use with GRPO in multi-turn tasks.',
    );
    expect(fine(agentic)).toContain('agentic-rl');
    expect(
      fine(paper('Training agents with RL', 'Agents learn with GRPO in many tasks; tool use helps.')),
    ).not.toContain('agentic-rl');
    const robot = paper('Training LLM agents with RL', 'LLM agents learn tool use with GRPO on a robot.');
    expect(fine(robot)).not.toContain('agentic-rl');
    expect(tagPaperExplained(robot, small).rejected).toContainEqual(
      expect.objectContaining({ topicId: 'agentic-rl', reason: 'vetoed by an excluded term' }),
    );
  });

  it('does not give a topic on one word alone, however often it occurs, without a second phrase of the topic', () => {
    const alone = paper('MRI of the brain', 'Brain MRI scans; MRI again, MRI.', ['cs.CV']);
    expect(fine(alone)).toEqual([]);
    expect(tagPaperExplained(alone, small).rejected).toContainEqual(
      expect.objectContaining({ topicId: 'medical-imaging', reason: 'one word alone' }),
    );
    expect(fine(paper('MRI of the brain', 'Brain MRI and CT scans.', ['cs.CV']))).toEqual([
      'medical-imaging',
    ]);
    // A phrase of several words is specific enough on its own.
    expect(fine(paper('Policy gradient for chess', 'We play chess.'))).toEqual(['reinforcement-learning']);
  });

  it('does not give a topic on one title phrase that a whole abstract never comes back to, not even by one word', () => {
    const chess =
      'We study opening preparation in chess engines. Engines are compared on a suite of ' +
      'positions from grandmaster games, measuring move quality, search depth and time use. ' +
      'Stronger hardware helps less than better evaluation. Results hold across three engines and ' +
      'two time controls, and we release the positions.';
    const aside = paper('Policy gradient of opening books: a chess study', chess);
    expect(fine(aside)).toEqual([]);
    expect(tagPaperExplained(aside, small).rejected).toContainEqual(
      expect.objectContaining({
        topicId: 'reinforcement-learning',
        reason: 'a title phrase the abstract never uses',
      }),
    );
    // One of its words in the abstract is enough, and so is a short abstract (a listing's snippet).
    const echoed = chess.replace('Stronger hardware', 'A policy from stronger hardware');
    expect(fine(paper('Policy gradient of opening books: a chess study', echoed))).toEqual([
      'reinforcement-learning',
    ]);
    expect(fine(paper('Policy gradient of opening books', 'We study chess engines.'))).toEqual([
      'reinforcement-learning',
    ]);
  });

  it('applies arXiv category gates, by category or by archive', () => {
    const mri = 'Brain MRI and CT scans; MRI again.';
    expect(fine(paper('MRI', mri, ['cs.LG']))).toEqual([]);
    expect(fine(paper('MRI', mri, ['cs.LG', 'eess.IV']))).toEqual(['medical-imaging']);
  });

  it('counts title-only phrases only in the title', () => {
    expect(fine(paper('A benchmark for agent memory', 'Each agent remembers.'))).toContain('benchmarks');
    expect(fine(paper('Agent memory', 'We evaluate each agent on a benchmark.'))).not.toContain('benchmarks');
  });

  it('gives at most MAX_FINE_TOPICS fine topics, best first, with evidence for every tag', () => {
    const title = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']
      .map((w) => `${w} model`)
      .join(' ');
    const many = paper(title, 'alpha model, alpha model and a beta model.', ['cs.AI', 'cs.LG']);
    const tags = tagPaper(many, small);
    const fineTags = tags.filter((t) => !t.topicId.includes('.'));
    expect(fineTags).toHaveLength(MAX_FINE_TOPICS);
    expect(fineTags[0]!.topicId).toBe('topic-alpha');
    const scores = fineTags.map((t) => t.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const t of tags) expect(t.evidence.length, t.topicId).toBeGreaterThan(0);
    expect(tagPaperExplained(many, small).rejected).toContainEqual(
      expect.objectContaining({ reason: 'beyond the per-paper limit' }),
    );
  });

  it("adds the paper's arXiv categories, primary first, once each, known ones only", () => {
    const tags = tagPaper(paper('Nothing', 'Nothing.', ['cs.CL', 'cs.AI', 'cs.CL', 'cs.XX']), small);
    expect(tags).toEqual([
      { topicId: 'cs.CL', score: 1, evidence: [{ phrase: 'cs.CL', where: 'category' }] },
      { topicId: 'cs.AI', score: 0.5, evidence: [{ phrase: 'cs.AI', where: 'category' }] },
    ]);
  });

  it('is deterministic and does not depend on earlier papers', () => {
    const p = paper('Policy gradient for LLM agents', 'RL with tool use; LLM agents; GRPO.');
    const first = tagPaper(p, small);
    for (let i = 0; i < 5; i++) tagPaper(paper(`alpha ${i}`, 'beta gamma policy gradient'), small);
    expect(tagPaper(p, small)).toEqual(first);
  });

  it('survives empty, huge and hostile text', () => {
    expect(tagPaper(paper('', ''), small)).toEqual([
      { topicId: 'cs.LG', score: 1, evidence: [{ phrase: 'cs.LG', where: 'category' }] },
    ]);
    const huge = paper('x', 'reinforcement learning '.repeat(100_000));
    expect(fine(huge)).toEqual(['reinforcement-learning']);
    const hostile = paper(
      '(((( GRPO ))))',
      `${'(GRPO) (GRPO; (('.repeat(5000)}\u0000\ud800 ${'a'.repeat(100_000)}`,
      [],
    );
    expect(() => tagPaper(hostile, small)).not.toThrow();
    expect(
      tagPaper({ title: 'RL', abstract: 'policy gradient', categories: [] }, small).length,
    ).toBeGreaterThan(0);
  });
});

describe('the word table', () => {
  it('tags the same after a paper with more distinct words than it keeps (it starts again)', () => {
    const p = paper('Policy gradient for LLM agents', 'RL with tool use; LLM agents; GRPO (GRPO).');
    const before = tagPaperExplained(p, small);
    const many = Array.from({ length: 120_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
    const huge = tagPaperExplained(paper('Policy gradient', `${many} policy gradient reward`), small);
    expect(huge.tags.map((t) => t.topicId)).toContain('reinforcement-learning');
    expect(small.index.words.count).toBeGreaterThan(100_000);
    expect(tagPaperExplained(p, small)).toEqual(before);
    expect(small.index.words.count).toBeLessThan(100);
  });
});

describe('user topics', () => {
  it('compiles queries once and tags matching papers with the evidence', () => {
    const { compiled, errors } = compileUserTopics([
      { id: 'user-muon', name: 'Muon', query: 'ti:muon OR abs:"orthogonalized momentum"' },
      { id: 'user-cv-only', name: 'Vision', query: 'cat:cs.CV' },
    ]);
    expect(errors).toEqual([]);
    expect(compiled.map((c) => c.topic)).toEqual([
      expect.objectContaining({ id: 'user-muon', name: 'Muon', kind: 'user' }),
      expect.objectContaining({ id: 'user-cv-only', kind: 'user' }),
    ]);
    const tags = tagPaper(paper('Why Muon works', 'Spectral view.'), small, compiled);
    const muon = tags.find((t) => t.topicId === 'user-muon')!;
    expect(muon.evidence[0]).toMatchObject({ where: 'title' });
    expect(tags.some((t) => t.topicId === 'user-cv-only')).toBe(false);
  });

  it('match topic: terms against the fine topics the paper was given, not user topics', () => {
    const { compiled } = compileUserTopics([
      { id: 'user-muon', name: 'Muon', query: 'ti:muon' },
      { id: 'user-rl-muon', name: 'RL with Muon', query: 'topic:reinforcement-learning AND muon' },
      { id: 'user-of-user', name: 'Of a user topic', query: 'topic:user-muon' },
    ]);
    const given = (p: TaggableText) => tagPaper(p, small, compiled).map((t) => t.topicId);
    const rl = given(paper('Muon for policy gradient', 'Faster reward learning.'));
    expect(rl).toContain('user-rl-muon');
    expect(rl).toContain('user-muon');
    expect(rl).not.toContain('user-of-user');
    const evidence = tagPaper(paper('Muon for policy gradient', ''), small, compiled).find(
      (t) => t.topicId === 'user-rl-muon',
    )!.evidence;
    expect(evidence[0]).toEqual({ phrase: 'Reinforcement Learning', where: 'topic' });
    expect(given(paper('Muon for vision transformers', 'Image classification.'))).not.toContain(
      'user-rl-muon',
    );
  });

  it('reports bad queries and ids with a position instead of throwing', () => {
    const { compiled, errors } = compileUserTopics([
      { id: 'user-bad', name: 'Bad', query: 'agents AND (' },
      { id: 'not-a-user-id', name: 'Id', query: 'agents' },
      { id: 'user-twice', name: 'A', query: 'a' },
      { id: 'user-twice', name: 'B', query: 'b' },
    ]);
    expect(compiled.map((c) => c.topic.id)).toEqual(['user-twice']);
    expect(errors.map((e) => e.id)).toEqual(['user-bad', 'not-a-user-id', 'user-twice']);
    expect(errors[0]!.position).toBeGreaterThan(0);
    for (const e of errors) expect(e.message).toMatch(/\S/);
  });

  it('makes user topic ids from names', () => {
    expect(userTopicId('Muon & friends!')).toBe('user-muon-friends');
    expect(userTopicId('Éléments  finis')).toBe('user-elements-finis');
    expect(userTopicId('???')).toBe('user-topic');
  });
});
