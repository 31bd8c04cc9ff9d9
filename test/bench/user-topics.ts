/**
 * User-topic cost: tagging with many custom topics built to be slow (every phrase as long as allowed,
 * made of words found everywhere, OR-ed up to the query length limit). Runs alone:
 * `npx tsx test/bench/user-topics.ts [topics]`. Prints ms per paper on real abstracts, and ms for one
 * 20,000-character abstract made of the phrases' own words.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonl } from '../../lib/cli/read-papers';
import type { TaggableText } from '../../lib/paper';
import { loadPack } from '../../lib/topics/load-pack';
import { MAX_PHRASE_WORDS, MAX_QUERY_LENGTH } from '../../lib/topics/query';
import { compileUserTopics, tagPaper } from '../../lib/topics/tagger';

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const SHARED = join(
  PROJECT,
  '..',
  'shared',
  'fixtures',
  'corpus',
  'daily-arxiv-ai-enhanced_2026-06-24.jsonl',
);
const OWN = join(PROJECT, 'test', 'fixtures', 'topics', 'papers.jsonl');
const COMMON = ['a', 'of', 'to', 'in', 'is', 'on', 'we', 'an', 'by', 'as'];

let seed = 1;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor(seed / 65536) % COMMON.length; // the low bits of this generator repeat quickly
};

/**
 * Distinct phrases (nothing to share between topics) of MAX_PHRASE_WORDS common words, the last one `end`,
 * OR-ed up to the length limit.
 */
function slowQuery(end: string): string {
  const phrases: string[] = [];
  for (;;) {
    const words = Array.from({ length: MAX_PHRASE_WORDS - 1 }, () => COMMON[random()]);
    const phrase = `"${words.join(' ')} ${end}"`;
    if ([...phrases, phrase].join(' OR ').length > MAX_QUERY_LENGTH) return phrases.join(' OR ');
    phrases.push(phrase);
  }
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const count = Number(process.argv[2] ?? 250);
const pack = loadPack();
const path = existsSync(SHARED) ? SHARED : OWN;
const papers: TaggableText[] = readJsonl(readFileSync(path, 'utf8'), path).slice(0, 200);
// A 20,000-character abstract of the phrases' words in a random order: no phrase occurs in it.
const long = {
  ...papers[0]!,
  abstract: Array.from({ length: 7000 }, () => COMMON[random()])
    .join(' ')
    .slice(0, 20_000),
};

/** `end` 'zz': phrases end in a word no abstract has; 'a': every word of every phrase is everywhere. */
function measure(end: string) {
  const topics = Array.from({ length: count }, (_, i) => ({
    id: `user-t${i}`,
    name: `T${i}`,
    query: slowQuery(end),
  }));
  const { compiled, errors } = compileUserTopics(topics);
  if (errors.length) throw new Error(`queries do not compile: ${errors[0]!.message}`);
  for (const paper of papers.slice(0, 20)) tagPaper(paper, pack, compiled); // warm up
  const many =
    time(() => {
      for (const paper of papers) tagPaper(paper, pack, compiled);
    }) / papers.length;
  return {
    msPerPaper: Math.round(many * 100) / 100,
    ms20kAbstract: Math.round(time(() => tagPaper(long, pack, compiled)) * 10) / 10,
  };
}

const none =
  time(() => {
    for (const paper of papers) tagPaper(paper, pack, []);
  }) / papers.length;
console.log(
  JSON.stringify({
    topics: count,
    papers: papers.length,
    msPerPaperWithout: Math.round(none * 100) / 100,
    ms20kAbstractWithout: Math.round(time(() => tagPaper(long, pack, [])) * 10) / 10,
    rareEnd: measure('zz'),
    commonWordsOnly: measure('a'),
    load: loadavg()[0]!.toFixed(2),
  }),
);
