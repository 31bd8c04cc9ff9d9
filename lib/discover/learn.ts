import { standsBare } from '../topics/query';
import { coveringTopics } from './covered-by';
import { chooseTerms, type Term } from './learn-select';
import { type Background, type LearnPaper, phraseWeight, queryTerm, usable } from './learn-topic';
import { type PhraseNode, PhraseTrie } from './phrase-trie';

/** A pack topic as learning needs it: its names become query phrases. */
export interface PackTopicNames {
  id: string;
  name: string;
  aliases: readonly string[];
  parents: readonly string[];
}

/** A user topic learned from examples: `{id, name, query}` as `pulse tag --topics` reads it, and why. */
export interface LearnedTopic {
  id: string;
  name: string;
  query: string;
  /** The example ids it was learned from. */
  examples: string[];
  /** Pack topics whose names the query includes. */
  packTopics: string[];
}

export interface LearnOptions {
  name?: string;
  /** Share of the examples a pack topic must tag to be considered (0.6: three of five). */
  packShare: number;
  /** Phrases shared by the examples considered, the most specific first. */
  candidates: number;
  /** And the phrases most examples use. */
  common: number;
  /** At most this many terms in the query. */
  maxTerms: number;
}

export const DEFAULT_LEARN: LearnOptions = { packShare: 0.6, candidates: 40, common: 15, maxTerms: 8 };

/** A pack topic is narrowed by a phrase (`narrowings`) that this share of the examples, and six at least, share. */
const NARROWING_SHARE = 0.6;
const NARROWING_EXAMPLES = 6;

/** Phrases used by at least this share of the examples (and by two at least) are candidates. */
export const MIN_EXAMPLE_SHARE = 0.3;

/**
 * Learns a readable, editable user topic from example papers: candidate terms are the phrases the examples
 * share (most specific first) and the names of the pack topics most examples carry; the query ORs the
 * terms that raise the estimated F1 against the background (learn-select.ts). `packTopicsOf` gives a
 * paper's fine pack topics; `idFor` makes the topic id from its name.
 */
export function learnTopic(
  examples: readonly LearnPaper[],
  background: Background,
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  idFor: (name: string) => string,
  options: Partial<LearnOptions> = {},
): LearnedTopic {
  const o = { ...DEFAULT_LEARN, ...options };
  const table = background.table;
  const trie = new PhraseTrie(table);
  const common = commonPackTopics(examples, packTopicsOf, o.packShare);
  // Without the background's tags, a pack topic is matched by its names, pinned as phrases.
  const pack = background.topics
    ? []
    : common.map((c) => ({ ...c, nodes: pinNames(c.topic, trie, background) }));
  const encoded = examples.map((p) => ({ title: table.encode(p.title), abstract: table.encode(p.abstract) }));
  for (const p of encoded) trie.add(p, 0, true);
  const K = examples.length;
  trie.prune(Math.max(2, Math.ceil(MIN_EXAMPLE_SHARE * K)));
  const exampleIds = new Set(examples.map((p) => p.id));
  const exampleSets = matches(trie, encoded, () => true);
  const backgroundSets = matches(trie, background.papers, (i) => !exampleIds.has(background.ids[i]!));
  const N = background.papers.length - background.ids.filter((id) => exampleIds.has(id)).length;

  const phraseTerms: (Term & { weight: number })[] = [];
  for (const node of trie.phrases()) {
    if (node.pinned) continue;
    const ex = exampleSets.get(node) ?? [];
    const shared = {
      key: trie.keyOf(node),
      examples: ex.length,
      background: backgroundSets.get(node)?.length ?? 0,
      nameLike: node.words.length === 1 && table.isNameLike(node.words[0]!),
    };
    const weight = phraseWeight(shared, K, N);
    if (ex.length < 2 || weight <= 0 || !usable(shared, K)) continue;
    phraseTerms.push({
      query: queryTerm(shared.key, examples),
      examples: new Set(ex),
      background: new Set(backgroundSets.get(node) ?? []),
      weight,
    });
  }
  // Candidates: the most specific phrases, and the ones most examples use (a broad topic is named by a
  // common phrase, "LLM", that the specific ones would crowd out).
  const bySpecificity = [...phraseTerms].sort((a, b) => b.weight - a.weight).slice(0, o.candidates);
  const byCoverage = [...phraseTerms]
    .sort((a, b) => b.examples.size - a.examples.size || b.weight - a.weight)
    .slice(0, o.common);
  const candidates = [...new Set([...bySpecificity, ...byCoverage])];
  const packTerms = background.topics
    ? common.map((c) => topicTerm(c, background, exampleIds))
    : pack.map(({ topic, nodes }) => ({
        query: [topic.name, ...topic.aliases].map(packTerm).join(' OR '),
        examples: new Set(nodes.flatMap((n) => exampleSets.get(n) ?? [])),
        background: new Set(nodes.flatMap((n) => backgroundSets.get(n) ?? [])),
        topic,
      }));
  const narrowed = narrowings(packTerms, candidates, K);
  const chosen = chooseTerms([...candidates, ...packTerms, ...narrowed], K, N, o.maxTerms);
  const fallback = bySpecificity[0] ?? packTerms[0];
  const terms = chosen.length > 0 ? chosen : fallback ? [fallback] : [];
  const query = terms.length > 0 ? terms.map((t) => t.query).join(' OR ') : `"${titleWords(examples)}"`;
  const packIds = packTerms.filter((t) => terms.includes(t)).map((t) => t.topic.id);
  const name = o.name?.trim() || nameOf(terms[0]) || 'Learned topic';
  return { id: idFor(name), name, query, examples: examples.map((p) => p.id), packTopics: packIds };
}

interface CommonTopic {
  topic: PackTopicNames;
  /** The examples (indices) the tagger gave it. */
  carriers: Set<number>;
}

/** The pack topics most examples carry. */
function commonPackTopics(
  examples: readonly LearnPaper[],
  packTopicsOf: (paper: LearnPaper) => readonly PackTopicNames[],
  share: number,
): CommonTopic[] {
  const perExample = examples.map((p) => packTopicsOf(p));
  const byId = new Map(perExample.flat().map((t) => [t.id, t]));
  const ids = coveringTopics(
    perExample.map((ts) => ts.map((t) => t.id)),
    share - 1e-9,
  );
  return ids.map((id) => ({
    topic: byId.get(id)!,
    carriers: new Set(perExample.flatMap((ts, i) => (ts.some((t) => t.id === id) ? [i] : []))),
  }));
}

/** A pack topic's names pinned in the trie as phrases. */
function pinNames(topic: PackTopicNames, trie: PhraseTrie, background: Background): PhraseNode[] {
  return [topic.name, ...topic.aliases]
    .map((name) => [...background.table.encode(name)].filter((w) => w >= 0))
    .map((words) => (words.length > 0 ? trie.pin(words) : undefined))
    .filter((n): n is PhraseNode => n !== undefined);
}

/**
 * `topic:ID`: the papers the tagger gave the topic (its rules and learned model, ancestors included), which
 * finds the topic's papers that never write its name.
 */
function topicTerm(
  { topic, carriers }: CommonTopic,
  background: Background,
  exampleIds: ReadonlySet<string>,
): Term & { topic: PackTopicNames } {
  const matched = new Set<number>();
  background.topics?.forEach((ids, i) => {
    if (ids.includes(topic.id) && !exampleIds.has(background.ids[i]!)) matched.add(i);
  });
  return { query: `topic:${topic.id}`, examples: carriers, background: matched, topic };
}

/** For every counted phrase, the papers (indices) using it; `include(i)` false skips paper i. */
function matches(
  trie: PhraseTrie,
  papers: readonly { title: Int32Array; abstract: Int32Array }[],
  include: (i: number) => boolean,
): Map<PhraseNode, number[]> {
  const sets = new Map<PhraseNode, number[]>();
  papers.forEach((p, i) => {
    if (!include(i)) return;
    trie.match(p, (node) => {
      const list = sets.get(node);
      if (!list) sets.set(node, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    });
  });
  return sets;
}

function packTerm(name: string): string {
  const acronym = /^[\p{Lu}\p{N}]+s?$/u.test(name) && (name.match(/\p{Lu}/gu)?.length ?? 0) >= 2;
  const word = name.replace(/s$/, '');
  return acronym && standsBare(word) ? word : `"${acronym ? word : name.replace(/"/g, '')}"`;
}

function nameOf(term: Term | undefined): string | undefined {
  if (!term) return undefined;
  return term.topic ? term.topic.name : term.query.replace(/"/g, '');
}

export function titleWords(examples: readonly LearnPaper[]): string {
  // Whole words only, of letters, digits and inner hyphens: a quoted phrase may hold no quote or '*'.
  const words = (examples[0]?.title ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter(Boolean);
  return words.slice(0, 8).join(' ') || 'topic';
}

/**
 * A pack topic narrowed by a phrase its examples share, `(topic:llm-agents "long-horizon")`: the niche inside a
 * broad topic (long-horizon agents inside LLM agents) that neither names alone. Only when at least
 * NARROWING_SHARE of the examples, and NARROWING_EXAMPLES at least, carry both: five examples that all say
 * "efficiency" or "visual" do so by chance as often as not (TRAIN papers, `npm run eval:learn`, three seeds:
 * from 10 examples macro F1 +0.02, from 5 examples narrowing lost 0.01-0.08).
 */
function narrowings(topics: readonly Term[], phrases: readonly Term[], exampleCount: number): Term[] {
  const least = Math.max(NARROWING_EXAMPLES, NARROWING_SHARE * exampleCount);
  const out: Term[] = [];
  for (const topic of topics)
    for (const phrase of phrases) {
      const examples = new Set([...phrase.examples].filter((i) => topic.examples.has(i)));
      if (examples.size < least) continue;
      const background = new Set([...phrase.background].filter((i) => topic.background.has(i)));
      // Narrowing nothing, or the phrase lies inside the topic anyway: the term alone says it.
      if (background.size === topic.background.size || background.size === phrase.background.size) continue;
      // A topic matched by its names is an OR of them: grouped, so the phrase narrows all of it.
      const named = topic.query.includes(' OR ') ? `(${topic.query})` : topic.query;
      out.push({ query: `(${named} ${phrase.query})`, examples, background });
    }
  return out;
}
