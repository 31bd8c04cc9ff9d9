import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { learnCommand } from '../../../lib/cli/commands/learn';
import { tagCommand } from '../../../lib/cli/commands/tag';
import {
  cellularAutomataPapers,
  type FakePaper,
  scorerOnlyPaper,
  syntheticPapers,
} from '../../e2e/fake-arxiv';
import { tempDir } from '../helpers/temp-dir';

const dir = tempDir('pulse-learn-scorer-');
const END = Date.UTC(2026, 8, 30);
// The examples and one paper only the scorer can find: more unseen niche papers in so small an index would
// be held out themselves and set the threshold (the top 0.5% of ~440 papers is two papers).
const growth = cellularAutomataPapers(END, 3, 0);
const only = scorerOnlyPaper(END);
const corpus = syntheticPapers(END, 40, 22, [...growth, only]);

function jsonl(name: string, papers: FakePaper[]): string {
  const file = join(dir, name);
  const line = (p: FakePaper) => JSON.stringify({ ...p, published: new Date(p.published).toISOString() });
  writeFileSync(file, `${papers.map(line).join('\n')}\n`);
  return file;
}

async function run(command: typeof tagCommand, args: string[]): Promise<string[]> {
  const out: string[] = [];
  await command.run(args, (l) => out.push(l));
  return out;
}

/** The papers of `file` that `pulse tag --topics` gives the topic `id`. */
async function tagged(file: string, topics: unknown[], id: string): Promise<string[]> {
  const topicsFile = join(dir, `topics-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(topicsFile, JSON.stringify(topics));
  const lines = (await run(tagCommand, [file, '--topics', topicsFile])).map((l) => JSON.parse(l));
  return lines.filter((l) => l.topics.some((t: { id: string }) => t.id === id)).map((l) => l.id);
}

describe('pulse learn with its scorer, fed to --topics (issue 37 item 3)', () => {
  const corpusFile = jsonl('corpus.jsonl', corpus);
  const examplesFile = jsonl('examples.jsonl', growth.slice(0, 3));

  it('prints the scorer in the user topic; --topics matches with it what the query alone misses', async () => {
    const [line] = await run(learnCommand, [examplesFile, '--corpus', corpusFile, '--name', 'Growth']);
    const topic = JSON.parse(line!);
    expect(Object.keys(topic).slice(0, 3)).toEqual(['id', 'name', 'query']);
    expect(topic.scorer).toMatchObject({ version: 1 });
    expect(topic.scorer.weights.length).toBeGreaterThan(0);
    const withScorer = await tagged(corpusFile, [topic], topic.id);
    const { scorer: _, ...queryOnly } = topic;
    const withQuery = await tagged(corpusFile, [queryOnly], topic.id);
    expect(withScorer).toEqual(expect.arrayContaining([...growth.map((p) => p.id), only.id]));
    expect(withQuery).not.toContain(only.id);
    // The synthetic background stays out.
    expect(withScorer.length).toBeLessThanOrEqual(growth.length + 1);
  });

  it('matches by the query alone with a scorer of another tokenizer, and says so on stderr', async () => {
    const [line] = await run(learnCommand, [examplesFile, '--corpus', corpusFile, '--name', 'Growth']);
    const topic = JSON.parse(line!);
    const { tokenizer: _, ...before } = topic.scorer;
    const { scorer: __, ...queryOnly } = topic;
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const withStale = await tagged(corpusFile, [{ ...topic, scorer: before }], topic.id);
      expect(withStale).toEqual(await tagged(corpusFile, [queryOnly], topic.id));
      expect(withStale).not.toContain(only.id);
      expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
        expect.stringMatching(
          /^pulse: .*topics-\w+\.json: topic .*: The learned scorer was made by an older version/,
        ),
      ]);
    } finally {
      stderr.mockRestore();
    }
  });

  it('refuses a bad scorer in --topics, saying where', async () => {
    const topic = {
      id: 'mine',
      name: 'Mine',
      query: 'automata',
      scorer: { version: 1, bias: 0, threshold: 0, queryThreshold: 0, weights: [['a', 1e9]] },
    };
    await expect(tagged(corpusFile, [topic], 'mine')).rejects.toThrow(/0\.scorer\.weights\.0\.1: /);
  });

  it('prints no scorer from a corpus too small to place its thresholds', async () => {
    const small = jsonl('small.jsonl', syntheticPapers(END, 10, 10, growth));
    const [line] = await run(learnCommand, [examplesFile, '--corpus', small]);
    expect(JSON.parse(line!).scorer).toBeUndefined();
  });
});
