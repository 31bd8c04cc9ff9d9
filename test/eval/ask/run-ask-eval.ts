/**
 * Ask's evaluation on the real corpus (issue 36): for each question of questions.json (written before any
 * answer was seen), the papers the search index retrieves among the topic's papers and the extractive
 * answer, printed as a judging sheet for a reader who did not build Ask. It judges nothing itself.
 *
 *   PULSE_SHARED=/work/shared npm run -s eval:ask [-- --questions FILE] [--json FILE]
 *
 * FILE for --questions: { "questions": [{ "topic", "question" }] }, questions.json by default.
 *
 * The index holds every corpus paper tagged by the pack (as if every category were tracked), ranked by the
 * extension's own search code (lib/search/ over an in-memory copy of its records) and answered by lib/ask/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { ANSWER_FROM, extractAnswer, quotedFrom } from '../../../lib/ask/extractive';
import { RERANK_FROM } from '../../../lib/ask/rerank';
import { runSearch } from '../../../lib/search/search-query';
import { memorySearchSource } from './memory-search';
import { taggedCorpus } from './tagged-corpus';

/**
 * As the topic page asks: RETRIEVED papers, reranked for the question by the answer (extractive.ranked), the
 * first SHOWN of that order listed as retrieved.
 */
const RETRIEVED = RERANK_FROM;
const SHOWN = ANSWER_FROM;

interface Question {
  topic: string;
  question: string;
}

const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const questionsFile = option('--questions') ?? new URL('./questions.json', import.meta.url);
const questions = (JSON.parse(readFileSync(questionsFile, 'utf8')) as { questions: Question[] }).questions;
const jsonOut = option('--json');

const started = performance.now();
const papers = taggedCorpus();
console.error(`tagged in ${Math.round((performance.now() - started) / 1000)} s`);
const byId = new Map(papers.map((p) => [p.id, p]));
const source = memorySearchSource(papers);
console.error(`indexed in ${Math.round((performance.now() - started) / 1000)} s`);
console.log(
  `# Ask eval: ${questions.length} questions, ${papers.length} corpus papers tagged and indexed in ${Math.round((performance.now() - started) / 1000)} s\n`,
);
console.log(
  'For each question: the top 5 papers (the first 20 retrieved, reranked by the answer; judge: does one of them answer it?) and each sentence',
);
console.log(
  'of the extractive answer (judge: does it answer the question? it is quoted from the paper named).\n',
);

const out = [];
for (const [n, q] of questions.entries()) {
  const t0 = performance.now();
  const { hits } = await runSearch(source, { text: q.question, mode: 'or', topic: q.topic });
  const top = hits.slice(0, RETRIEVED).map((h) => byId.get(h.id)!);
  const answer = extractAnswer(q.question, top);
  const ms = performance.now() - t0;
  const shown = answer.ranked.slice(0, SHOWN).map((id) => byId.get(id)!);
  const size = papers.filter((p) => p.topics.includes(q.topic)).length;
  console.log(`## Q${n + 1} [${q.topic}, ${size} papers] ${q.question}\n`);
  console.log(`Retrieved (${Math.round(ms)} ms search and answer in Node):`);
  for (const [i, p] of shown.entries()) console.log(`  ${i + 1}. ${p.id} ${p.title}`);
  console.log('\nAnswer:');
  if (!answer.answered) console.log("  These papers don't answer that.");
  for (const g of answer.groups) {
    const sentences = g.sentences.map((s) => {
      // Every sentence is quoted from the paper it is shown under: checked here, not assumed.
      if (!quotedFrom(s, byId.get(g.paper)!.abstract))
        throw new Error(`Q${n + 1}: sentence not in ${g.paper}`);
      return s;
    });
    for (const s of sentences) console.log(`  - [${g.paper}] ${s}`);
  }
  console.log('');
  // All RETRIEVED papers with their abstracts, in retrieval order: what the answer read, so a scorer can be
  // re-run on them offline.
  const read = top.map((p) => ({ id: p.id, title: p.title, abstract: p.abstract }));
  out.push({
    ...q,
    retrieved: shown.map((p) => ({ id: p.id, title: p.title })),
    read,
    answer,
    ms,
  });
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(out, null, 1)}\n`);
