import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../../lib/cli/read-papers';
import type { TaggableText } from '../../../lib/paper';
import { loadPack } from '../../../lib/topics/load-pack';
import {
  compileUserTopics,
  rulesSaid,
  tagPaper,
  tagPaperExplained,
  tagPaperScores,
} from '../../../lib/topics/tagger';
import * as queryPapers from './query/papers';

/**
 * Everything the tagger returns for the project's own papers, pinned to the last bit: tags, scores and
 * evidence (with user topics, and what was rejected and why), the plain tags, what the rules said, and the
 * learned layer's log-odds of every topic (as a digest). A change to the tagger's speed must leave this file as it is;
 * a change to the pack, the model or the scoring rewrites it on purpose:
 * npx vitest run test/unit/topics/tagger-golden.test.ts -u
 * (test/bench/tagger-parity.ts checks the same on the real corpus against another checkout.)
 */

const fixture = readJsonl(
  readFileSync(new URL('../../fixtures/topics/papers.jsonl', import.meta.url), 'utf8'),
  'papers.jsonl',
);
const hard: TaggableText[] = [
  {
    title: 'LLMs AND llm agents',
    abstract: 'Agentic RL (ARL) with GRPO; ARL beats PPO. ARLs',
    categories: [],
  },
  { title: '', abstract: '((((', categories: ['cs.LG'] },
  { title: 'Schrödinger’s 3D-GS', abstract: 'naïve e\u0301t\u00e9 𝑥-LoRA (LoRA)', categories: ['cs.CV'] },
  { title: 'Muon', abstract: 'Muon muon MUON muons', categories: ['cs.LG', 'cs.LG', 'hep-ex'] },
];
const papers: TaggableText[] = [
  ...fixture,
  ...Object.values(queryPapers).filter((p): p is TaggableText => typeof p === 'object' && 'title' in p),
  ...hard,
];

const { compiled: userTopics, errors } = compileUserTopics([
  { id: 'user-robots', name: 'Robots', query: 'cat:cs.RO' },
  { id: 'user-agents', name: 'Agents', query: 'agents ANDNOT survey' },
  { id: 'user-rlhf', name: 'RLHF', query: 'RLHF OR "reward model" OR topic:rlhf' },
]);

describe('the tagger on the project’s papers', () => {
  it('returns exactly the pinned tags, scores, evidence and log-odds', async () => {
    expect(errors).toEqual([]);
    const pack = loadPack();
    const lines = papers.map((paper) => {
      const explained = tagPaperExplained(paper, pack, userTopics);
      const plain = tagPaper(paper, pack);
      // Every topic's log-odds, to the bit, as a digest of their bytes (413 numbers a paper are too many to read).
      const scores = pack.model!.lastScores();
      const logOdds = createHash('sha256').update(new Uint8Array(scores.buffer)).digest('hex').slice(0, 16);
      const rules = rulesSaid(paper, pack);
      return JSON.stringify({ title: paper.title, explained, plain, rules, logOdds });
    });
    expect(papers.length).toBeGreaterThan(30);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('../../fixtures/topics/tagger-outputs.jsonl');
  });

  it('keeps for the index the same topics and scores, in the same order, without evidence', () => {
    const pack = loadPack();
    const idAndScore = (tags: readonly { topicId: string; score: number }[]) =>
      tags.map((t) => `${t.topicId} ${t.score}`);
    let tags = 0;
    for (const paper of papers) {
      const expected = idAndScore(tagPaper(paper, pack, userTopics));
      expect(idAndScore(tagPaperScores(paper, pack, userTopics)), paper.title).toEqual(expected);
      tags += expected.length;
    }
    expect(tags).toBeGreaterThan(papers.length);
  });
});
