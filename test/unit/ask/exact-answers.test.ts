import { describe, expect, it } from 'vitest';
import {
  type AskPaper,
  authorsAnswer,
  benchmarksAnswer,
  type CountedItem,
  ITEMS,
  methodsAnswer,
  relateAnswer,
} from '@/lib/ask/exact-answers';
import { exactQuestion } from '@/lib/ask/exact-question';
import { RISING_MIN, whatsNewAnswer } from '@/lib/ask/whats-new';
import { random } from '../helpers/random';

/**
 * Every exact answer against an independent recount: the generator below writes each paper's text from
 * what it chose to put in it (authors, methods, benchmarks, topics), and the recount counts those choices
 * with plain loops. The answers read only the text.
 */

const DAY = 86_400_000;
const T = Date.UTC(2026, 8, 30) - 1;

const METHODS = [
  { acronym: 'GRPO', expansion: 'Group Relative Policy Optimization' },
  { acronym: 'PPO', expansion: 'Proximal Policy Optimization' },
  { acronym: 'DPO', expansion: 'Direct Preference Optimization' },
  { acronym: 'MCTS', expansion: 'Monte Carlo Tree Search' },
  { acronym: 'ReAct', expansion: 'Reasoning and Acting' },
];
const BENCHMARKS = ['WebArena', 'GSM8K', 'ALFWorld', 'HotpotQA', 'MATH500', 'SWE-bench'];
const AUTHORS = Array.from({ length: 17 }, (_, i) => `Author ${String.fromCharCode(65 + i)} Person`);
const TOPICS = ['tool-use', 'reward-models', 'web-agents', 'cs.LG'];
const NAMES: Record<string, string> = {
  'tool-use': 'Tool Use',
  'reward-models': 'Reward Models',
  'web-agents': 'Web Agents',
};

interface Truth {
  paper: AskPaper;
  methods: string[];
  benchmarks: string[];
}

function pick<T>(rand: () => number, from: readonly T[], n: number): T[] {
  const pool = [...from];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]!);
  return out;
}

function generate(seed: number, count: number): Truth[] {
  const rand = random(seed);
  const defined = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const methods = pick(rand, METHODS, Math.floor(rand() * 3));
    const benchmarks = pick(rand, BENCHMARKS, Math.floor(rand() * 3));
    const sentences = ['We study agents that act in multi-step environments.'];
    for (const m of methods) {
      // Each method is defined in its first paper; later ones define it, write the acronym or the words.
      const form = defined.has(m.acronym) ? Math.floor(rand() * 3) : 0;
      defined.add(m.acronym);
      sentences.push(
        [
          `We train with ${m.expansion} (${m.acronym}) on long tasks.`,
          `Our policy is tuned with ${m.acronym}.`,
          `Our policy is tuned with ${m.expansion.toLowerCase()} instead.`,
        ][form]!,
      );
    }
    if (benchmarks.length)
      sentences.push(`Experiments on the ${benchmarks.join(' and ')} benchmarks show gains.`);
    sentences.push('Results improve over strong baselines.');
    const paper: AskPaper = {
      id: `2609.${String(10000 + i)}`,
      title: `Agents paper ${i}`,
      abstract: sentences.join(' '),
      authors: pick(rand, AUTHORS, 1 + Math.floor(rand() * 4)),
      published: T - Math.floor(rand() * 70 * DAY),
      topics: ['agentic-rl', ...pick(rand, TOPICS, Math.floor(rand() * 3))],
    };
    return { paper, methods: methods.map((m) => m.acronym), benchmarks };
  });
}

/** The recount: key -> ids, from the generator's choices. */
function recount(
  truths: readonly Truth[],
  keysOf: (t: Truth) => readonly string[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of truths) {
    for (const key of keysOf(t)) {
      if (!out.has(key)) out.set(key, new Set());
      out.get(key)!.add(t.paper.id);
    }
  }
  return out;
}

function expectMatches(
  items: readonly CountedItem[],
  expected: Map<string, Set<string>>,
  labelOf: (i: CountedItem) => string,
) {
  // Every key the recount found is listed (up to ITEMS, the largest first), with the same papers.
  const counts = [...expected.values()].map((s) => s.size).sort((a, b) => b - a);
  expect(items.length).toBe(Math.min(ITEMS, expected.size));
  expect(items.map((i) => i.count)).toEqual(counts.slice(0, items.length));
  for (const item of items) {
    const papers = expected.get(labelOf(item));
    expect(papers, labelOf(item)).toBeDefined();
    expect(item.count).toBe(papers!.size);
    expect(new Set(item.papers)).toEqual(papers);
    expect(item.papers.length).toBe(item.count);
  }
}

describe.each([1, 2, 3, 7, 42])('exact answers against a recount (seed %i)', (seed) => {
  const truths = generate(seed, 120);
  const papers = truths.map((t) => t.paper);

  it('who is most active: authors with their paper counts', () => {
    const items = authorsAnswer(papers).sections[0]!.items;
    expectMatches(
      items,
      recount(truths, (t) => t.paper.authors),
      (i) => i.label,
    );
  });

  it('which methods: every defined acronym, counted over the papers that use it', () => {
    const items = methodsAnswer(papers).sections[0]!.items;
    expectMatches(
      items,
      recount(truths, (t) => t.methods),
      (i) => i.label.split(' (')[0]!,
    );
    for (const item of items) {
      const m = METHODS.find((x) => x.acronym === item.label.split(' (')[0]);
      expect(item.label).toBe(`${m!.acronym} (${m!.expansion.toLowerCase()})`);
    }
  });

  it('which benchmarks: the named benchmarks, counted over the papers that evaluate on them', () => {
    const items = benchmarksAnswer(papers).sections[0]!.items;
    expectMatches(
      items,
      recount(truths, (t) => t.benchmarks),
      (i) => i.label,
    );
  });

  it('how does it relate to X: the papers tagged with both', () => {
    for (const other of TOPICS) {
      const item = relateAnswer(papers, { id: other, name: other }).sections[0]!.items[0]!;
      const shared = papers.filter((p) => p.topics.includes(other)).map((p) => p.id);
      expect(item.count).toBe(shared.length);
      expect(new Set(item.papers)).toEqual(new Set(shared));
    }
    expect(relateAnswer(papers, { id: 'nowhere', name: 'Nowhere' }).sections[0]!.items[0]!.count).toBe(0);
  });

  it("what's new: the momentum windows, rising subtopics and names, against a recount by date", () => {
    const answer = whatsNewAnswer(papers, T, (id) => NAMES[id]);
    const inRecent = (t: Truth) => t.paper.published > T - 28 * DAY && t.paper.published <= T;
    const inPrevious = (t: Truth) => t.paper.published > T - 56 * DAY && t.paper.published <= T - 28 * DAY;
    const windows = answer.sections[0]!.items[0]!;
    expect(windows.count).toBe(truths.filter(inRecent).length);
    expect(windows.previous).toBe(truths.filter(inPrevious).length);
    expect(new Set(windows.papers)).toEqual(new Set(truths.filter(inRecent).map((t) => t.paper.id)));
    // Newest first.
    const times = windows.papers.map((id) => papers.find((p) => p.id === id)!.published);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const check = (
      items: readonly CountedItem[],
      keysOf: (t: Truth) => readonly string[],
      keyOf: (i: CountedItem) => string,
    ) => {
      const recent = recount(truths.filter(inRecent), keysOf);
      const previous = recount(truths.filter(inPrevious), keysOf);
      const rising = [...recent].filter(
        ([k, s]) => s.size >= RISING_MIN && s.size > (previous.get(k)?.size ?? 0),
      );
      expect(new Set(items.map(keyOf))).toEqual(new Set(rising.map(([k]) => k)));
      for (const item of items) {
        expect(item.count).toBe(recent.get(keyOf(item))!.size);
        expect(item.previous).toBe(previous.get(keyOf(item))?.size ?? 0);
        expect(new Set(item.papers)).toEqual(recent.get(keyOf(item)));
      }
    };
    check(
      answer.sections[1]!.items,
      (t) => t.paper.topics.filter((id) => NAMES[id]),
      (i) => i.key,
    );
    check(
      answer.sections[2]!.items,
      (t) => [...t.methods, ...t.benchmarks],
      (i) => i.label.split(' (')[0]!,
    );
  });
});

describe('exact answers on written text', () => {
  const paper = (id: string, abstract: string, published = T): AskPaper => ({
    id,
    title: `Paper ${id}`,
    abstract,
    authors: ['A'],
    published,
    topics: [],
  });

  it('leaves out the topic itself, metrics, model names and abbreviations of the field', () => {
    const papers = [
      paper(
        '1',
        '3D Gaussian Splatting (3DGS) renders scenes. We report PSNR and SSIM on the ScanNet and DTU datasets with GPT-4o captions.',
      ),
      paper(
        '2',
        'Unlike 3DGS-based methods, we use Neural Radiance Fields (NeRF). Experiments on the ScanNet benchmark.',
      ),
    ];
    const names = '3D Gaussian Splatting 3DGS';
    expect(methodsAnswer(papers, names).sections[0]!.items.map((i) => i.label)).toEqual([
      'NeRF (neural radiance field)',
    ]);
    expect(benchmarksAnswer(papers, names).sections[0]!.items.map((i) => [i.label, i.count])).toEqual([
      ['ScanNet', 2],
      ['DTU', 1],
    ]);
  });

  it('answers nothing from papers that name nothing', () => {
    const papers = [paper('1', 'We study a general estimation problem and report results on standard data.')];
    expect(methodsAnswer(papers).sections[0]!.items).toEqual([]);
    expect(benchmarksAnswer(papers).sections[0]!.items).toEqual([]);
    expect(whatsNewAnswer([], T, () => 'x').sections.map((s) => s.items.length)).toEqual([1, 0, 0]);
  });
});

describe('which questions are exact', () => {
  it.each([
    ["What's new in the last four weeks?", 'new'],
    ['what is new here this month?', 'new'],
    ['Which benchmarks and datasets?', 'benchmarks'],
    ['Which datasets are used?', 'benchmarks'],
    ['Which methods?', 'methods'],
    ['Who is most active?', 'authors'],
    ['who works on this?', 'authors'],
    ['How does it relate to Agentic RL?', 'relate'],
  ])('%s -> %s', (question, kind) => {
    expect(exactQuestion(question)?.kind).toBe(kind);
  });

  it.each([
    'which methods do people use for credit assignment?',
    'which benchmarks for web agents?',
    'how is the reward shaped?',
  ])('%s is a free question', (question) => {
    expect(exactQuestion(question)).toBeUndefined();
  });

  it('names the other topic of a relate question', () => {
    expect(exactQuestion('How does it relate to the Tool Use?')).toEqual({
      kind: 'relate',
      other: 'Tool Use',
    });
  });
});
