/**
 * The retrieved papers of every question set, for the offline scorers (score-judged.ts, tune-pick.ts): as
 * run-ask-eval.ts retrieves them (the first RERANK_FROM of the topic's search), with one index for all sets and
 * no judging sheet. Writes OUT_DIR/setN.json ([{ topic, question, read }]), N = 1 for questions.json.
 *
 *   PULSE_SHARED=/work/shared npx tsx test/eval/ask/retrieve-sets.ts OUT_DIR
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { RERANK_FROM } from '../../../lib/ask/rerank';
import { runSearch } from '../../../lib/search/search-query';
import { memorySearchSource } from './memory-search';
import { taggedCorpus } from './tagged-corpus';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: retrieve-sets.ts OUT_DIR');
const SETS = [1, 2, 3, 4, 5, 6, 7, 8];

const papers = taggedCorpus();
const byId = new Map(papers.map((p) => [p.id, p]));
const source = memorySearchSource(papers);
for (const n of SETS) {
  const file = new URL(n === 1 ? './questions.json' : `./questions-${n}.json`, import.meta.url);
  const questions = JSON.parse(readFileSync(file, 'utf8')).questions as { topic: string; question: string }[];
  const out = [];
  for (const q of questions) {
    const { hits } = await runSearch(source, { text: q.question, mode: 'or', topic: q.topic });
    const read = hits.slice(0, RERANK_FROM).map((h) => {
      const p = byId.get(h.id)!;
      return { id: p.id, title: p.title, abstract: p.abstract };
    });
    out.push({ ...q, read });
  }
  writeFileSync(`${outDir}/set${n}.json`, JSON.stringify(out));
  console.error(`set ${n}: ${questions.length} questions`);
}
