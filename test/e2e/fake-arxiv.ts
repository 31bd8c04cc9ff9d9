import type { BrowserContext, Route } from 'playwright-core';

/** A paper the fake arXiv API serves. Dates are ms since epoch (UTC). */
export interface FakePaper {
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  categories: string[];
  published: number;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One Atom page in arXiv's 2026 serialization (root-declared namespaces, authors last). */
export function atomFeed(papers: FakePaper[], total: number, start: number): string {
  const entries = papers
    .map((p) => {
      const date = new Date(p.published).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return `<entry><id>http://arxiv.org/abs/${p.id}v1</id><title>${xml(p.title)}</title><updated>${date}</updated><link href="https://arxiv.org/abs/${p.id}v1" rel="alternate" type="text/html"/><summary>${xml(p.abstract)}</summary>${p.categories.map((c) => `<category term="${c}" scheme="http://arxiv.org/schemas/atom"/>`).join('')}<published>${date}</published><arxiv:primary_category term="${p.categories[0]}"/>${p.authors.map((a) => `<author><name>${xml(a)}</name></author>`).join('')}</entry>`;
    })
    .join('');
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom"><id>https://arxiv.org/api/fake</id><title>arXiv Query: fake</title><updated>2026-10-01T00:00:00Z</updated><link href="https://arxiv.org/api/query?fake" type="application/atom+xml"/><opensearch:itemsPerPage>${papers.length}</opensearch:itemsPerPage><opensearch:totalResults>${total}</opensearch:totalResults><opensearch:startIndex>${start}</opensearch:startIndex>${entries}</feed>`;
}

function minuteToMs(s: string): number {
  return Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(8, 10), +s.slice(10, 12));
}

/** Answers the query subset PaperPulse uses: cat: OR-lists, submittedDate ranges, id_list, paging, sort. */
export function answerQuery(papers: FakePaper[], url: URL): string {
  const query = url.searchParams.get('search_query') ?? '';
  const ids = (url.searchParams.get('id_list') ?? '').split(',').filter(Boolean);
  const cats = [...query.matchAll(/cat:([\w.-]+)/g)].map((m) => m[1]!);
  const range = /submittedDate:\[(\d{12}) TO (\d{12})\]/.exec(query);
  const from = range ? minuteToMs(range[1]!) : Number.NEGATIVE_INFINITY;
  const to = range ? minuteToMs(range[2]!) + 59_999 : Number.POSITIVE_INFINITY;
  const matching = papers
    .filter((p) => ids.length === 0 || ids.includes(p.id))
    .filter((p) => cats.length === 0 || p.categories.some((c) => cats.includes(c)))
    .filter((p) => p.published >= from && p.published <= to)
    .sort((a, b) => b.published - a.published);
  const start = Number(url.searchParams.get('start') ?? 0);
  const max = Number(url.searchParams.get('max_results') ?? 10);
  return atomFeed(matching.slice(start, start + max), matching.length, start);
}

export interface FakeArxiv {
  /** Time (ms) and URL of every request the extension made. */
  requests: { at: number; url: string }[];
  papers: FakePaper[];
  /** Answer the next n requests with this HTTP status instead. */
  failNext(n: number, status: number, headers?: Record<string, string>): void;
}

/** Serves export.arxiv.org from `papers` to the extension's service worker (context.route sees its fetches). */
export async function installFakeArxiv(context: BrowserContext, papers: FakePaper[]): Promise<FakeArxiv> {
  const fake: FakeArxiv & { failures: { status: number; headers: Record<string, string> }[] } = {
    requests: [],
    papers,
    failures: [],
    failNext(n, status, headers = {}) {
      for (let i = 0; i < n; i++) this.failures.push({ status, headers });
    },
  };
  await context.route('https://export.arxiv.org/**', async (route: Route) => {
    const url = new URL(route.request().url());
    fake.requests.push({ at: Date.now(), url: url.toString() });
    const failure = fake.failures.shift();
    if (failure)
      return route.fulfill({ status: failure.status, headers: failure.headers, body: 'unavailable' });
    return route.fulfill({ contentType: 'application/atom+xml', body: answerQuery(fake.papers, url) });
  });
  return fake;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The clock of a test's index: `end`, the newest background paper's time (`syntheticPapers` puts papers up
 * to 35 minutes before it, and a test announces new ones up to 3 minutes after it, `announcedAt`), and `T`,
 * the cut-off the extension then reports: the end of the day before `end`'s day. `end` is an hour before now,
 * moved out of the first 40 minutes and the last quarter hour of its UTC day so that the papers around it
 * share its day: a CI run at 00:23 UTC had `end` on one day and the announced papers on the next, and counted
 * 27 papers against 28.
 */
export function fixtureClock(now = Date.now()): { end: number; T: number } {
  const hourAgo = now - 60 * MINUTE;
  const intoDay = hourAgo % DAY;
  const end =
    intoDay < 40 * MINUTE
      ? hourAgo - intoDay - 15 * MINUTE
      : intoDay > DAY - 15 * MINUTE
        ? hourAgo - 15 * MINUTE
        : hourAgo;
  return { end, T: Math.floor(end / DAY) * DAY - 1 };
}

/** The time of the `i`th (0..2) paper a test announces after the first fill: after `end`, on its day. */
export function announcedAt(end: number, i: number): number {
  return end + (i + 1) * MINUTE;
}

const WORDS = [
  'sparse',
  'robust',
  'scalable',
  'efficient',
  'adaptive',
  'hierarchical',
  'causal',
  'federated',
];

/**
 * A synthetic but realistic index: `perDay` background papers a day in cs.AI / cs.LG / cs.CL over
 * `days` days before `end`, plus the `extra` papers (the topics a test looks for).
 */
export function syntheticPapers(
  end: number,
  days: number,
  perDay: number,
  extra: FakePaper[] = [],
): FakePaper[] {
  const papers: FakePaper[] = [...extra];
  const cats = [['cs.LG'], ['cs.AI', 'cs.LG'], ['cs.CL'], ['cs.CL', 'cs.AI']];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      const n = d * perDay + i;
      papers.push({
        id: `26${String(9 - Math.floor(d / 30)).padStart(2, '0')}.${String(50000 + n).padStart(5, '0')}`,
        title: `A ${WORDS[n % WORDS.length]} method for ${WORDS[(n * 3) % WORDS.length]} estimation`,
        abstract: 'We study a general estimation problem and report results on standard data.',
        authors: [`Author ${n}`],
        categories: cats[n % cats.length]!,
        published: end - d * 86_400_000 - (i + 1) * 60_000 * 7,
      });
    }
  }
  return papers;
}

/**
 * A paper of the cellular automata niche that never says "cellular automata": the query learned from the
 * growth papers misses it, the scorer learned beside it (from their other words) finds it.
 */
export function scorerOnlyPaper(end: number): FakePaper {
  return {
    id: '2609.40900',
    title: 'Regenerating morphologies after damage from a single seed cell',
    abstract:
      'Local update rules grow a target shape from a single seed cell, regenerate a morphology after damage ' +
      'and keep stable patterns.',
    authors: ['Cell Author 900'],
    categories: ['cs.LG', 'cs.AI'],
    published: end - 2 * 3_600_000,
  };
}

/** An agentic-RL paper the tagger must recognise, published at `t`. */
export function agenticPaper(i: number, t: number): FakePaper {
  return {
    id: `2609.${String(30000 + i)}`,
    title: `Agentic Reinforcement Learning for Multi-Turn LLM Agents ${i}`,
    abstract:
      'We train LLM agents with agentic reinforcement learning in multi-turn tool-use environments, ' +
      'using outcome rewards and group relative policy optimization (GRPO) over long-horizon trajectories.',
    authors: ['Ada Lovelace', 'Alan Turing'],
    categories: ['cs.LG', 'cs.AI'],
    published: t,
  };
}

/** The momentum fixture: 28 agentic-RL papers in (T-28d, T] and 7 in the four weeks before. */
export function momentumFixture(T: number): FakePaper[] {
  const DAY = 86_400_000;
  return [
    ...Array.from({ length: 28 }, (_, i) => agenticPaper(i, T - (i + 0.5) * DAY)),
    ...Array.from({ length: 7 }, (_, i) => agenticPaper(100 + i, T - 28 * DAY - (i * 3 + 1) * DAY)),
  ];
}

/**
 * A niche no pack topic names, for learning a topic from examples: `growth` papers on neural cellular
 * automata that grow, regenerate and pattern shapes, and `texture` papers that use the same automata for textures
 * (what a researcher of the first marks "not this"). Ids 2609.4xxxx, one paper every 5 hours before `end`.
 */
export function cellularAutomataPapers(end: number, growth = 6, texture = 3): FakePaper[] {
  const paper = (n: number, title: string, abstract: string): FakePaper => ({
    id: `2609.${String(40000 + n)}`,
    title,
    abstract,
    authors: [`Cell Author ${n}`],
    categories: ['cs.LG', 'cs.AI'],
    published: end - (n + 1) * 5 * 3_600_000,
  });
  // The growth papers share "neural cellular automata" and little else, so a query learned from them
  // matches the texture papers too until those are marked.
  const growing = [
    ['Growing shapes with neural cellular automata', 'grow a target shape from a single seed cell'],
    ['Regenerating morphologies with neural cellular automata', 'regenerate a morphology after damage'],
    ['Self-organising patterns from neural cellular automata', 'learn local rules for stable patterns'],
  ] as const;
  const grown = Array.from({ length: growth }, (_, i) => {
    const [title, what] = growing[i % growing.length]!;
    return paper(i, `${title} ${i}`, `Neural cellular automata ${what}.`);
  });
  const textures = Array.from({ length: texture }, (_, i) =>
    paper(
      growth + i,
      `Neural Cellular Automata for Texture Synthesis ${i}`,
      'Neural cellular automata synthesise textures: update rules trained with a style loss on ' +
        'exemplar images.',
    ),
  );
  return [...grown, ...textures];
}

/**
 * A new name for the Emerging list: ten papers on "Zebra Sparse Attention (ZSA)" in the days before T, each
 * on its own task (only the name is shared), none before.
 */
export function emergingFixture(T: number): FakePaper[] {
  const tasks = [
    'kv cache eviction',
    'token budgets',
    'retrieval heads',
    'code completion',
    'speculative decoding',
  ];
  return Array.from({ length: 10 }, (_, i) => ({
    id: `2609.${String(47000 + i)}`,
    title: i % 2 ? `ZSA for ${tasks[i % 5]}` : `Scaling Zebra Sparse Attention to ${tasks[i % 5]}`,
    abstract: `We introduce Zebra Sparse Attention (ZSA) for ${tasks[(i + 2) % 5]} in long-context language models.`,
    authors: [`Zed Author ${i}`],
    categories: ['cs.CL'],
    published: T - (i * 1.5 + 0.5) * 86_400_000,
  }));
}

/**
 * A second new name for Emerging, rising in cs.LG only (none of its papers is in cs.CL): 8 papers in the
 * four weeks before T on "Kelp Forest Imaging (KFI)". Ids 2609.48xxx.
 */
export function kelpFixture(T: number): FakePaper[] {
  const uses = ['coral reefs', 'seagrass meadows', 'coastal erosion', 'fish stocks'];
  return Array.from({ length: 8 }, (_, i) => ({
    id: `2609.${String(48000 + i)}`,
    title: i % 2 ? `KFI for ${uses[i % 4]}` : `Scaling Kelp Forest Imaging to ${uses[i % 4]}`,
    abstract: `We introduce Kelp Forest Imaging (KFI) for ${uses[(i + 1) % 4]} from underwater drones.`,
    authors: [`Kelp Author ${i}`],
    categories: ['cs.LG'],
    published: T - (i * 2 + 0.7) * 86_400_000,
  }));
}

const ASK_METHODS = [
  ['GRPO', 'Group Relative Policy Optimization'],
  ['PPO', 'Proximal Policy Optimization'],
  ['DPO', 'Direct Preference Optimization'],
  ['MCTS', 'Monte Carlo Tree Search'],
] as const;
const ASK_BENCHMARKS = ['WebArena', 'ALFWorld', 'GSM8K', 'HotpotQA', 'SWE-bench'] as const;
const ASK_AUTHORS = ['Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Frances Allen'];
/** What each Ask fixture paper is about, for free questions: one sentence each. */
const ASK_CLAIMS = [
  'Turn-level credit assignment assigns each tool call its own advantage, which stabilises training over long horizons.',
  'A learned process reward model scores intermediate steps, so sparse outcome rewards no longer starve the agent.',
  'Reward hacking appears when the agent exploits the verifier; penalising unverifiable answers removes it.',
  'Curriculum sampling of environments from easy to hard doubles the success rate of small models.',
];

/** An Ask fixture paper and what it was written from (the recount reads these, the extension the text). */
export interface AskTruth {
  methods: string[];
  benchmarks: string[];
  claim: number;
}

/**
 * Agentic-RL papers for Ask (ids 2609.6xxxx), `count` of them spread over the eight weeks before T: varied
 * authors, methods (each defined by its first paper, then written as the acronym), benchmarks and one claim
 * each. The exact answers are recounted from `truth`, never from the text.
 */
export function askFixture(T: number, count = 40): { papers: FakePaper[]; truth: Map<string, AskTruth> } {
  const truth = new Map<string, AskTruth>();
  const defined = new Set<string>();
  const papers = Array.from({ length: count }, (_, i): FakePaper => {
    const methods = ASK_METHODS.filter((_, m) => (i + m) % (m + 2) === 0);
    const benchmarks = ASK_BENCHMARKS.filter((_, b) => (i * 3 + b) % (b + 3) === 0);
    const claim = i % ASK_CLAIMS.length;
    const sentences = [
      'We study LLM agents trained with agentic reinforcement learning in multi-turn environments.',
    ];
    for (const [acronym, expansion] of methods) {
      sentences.push(
        defined.has(acronym)
          ? `The policy is optimised with ${acronym}.`
          : `We use ${expansion} (${acronym}).`,
      );
      defined.add(acronym);
    }
    sentences.push(ASK_CLAIMS[claim]!);
    if (benchmarks.length)
      sentences.push(`Experiments on the ${benchmarks.join(' and ')} benchmarks show gains.`);
    const id = `2609.${String(60000 + i)}`;
    truth.set(id, { methods: methods.map((m) => m[0]), benchmarks: [...benchmarks], claim });
    return {
      id,
      title: `Agentic Reinforcement Learning for Tool-Using Agents, study ${i}`,
      abstract: sentences.join(' '),
      authors: ASK_AUTHORS.filter((_, a) => (i + a) % (a + 1) === 0).concat(`Student ${i % 7}`),
      categories: ['cs.LG', 'cs.AI'],
      published: T - (i * 1.4 + 0.3) * 86_400_000,
    };
  });
  return { papers, truth };
}
