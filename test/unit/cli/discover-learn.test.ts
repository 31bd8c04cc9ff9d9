import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../lib/cli/command';
import { datedPapers, discoverCommand } from '../../../lib/cli/commands/discover';
import { learnCommand } from '../../../lib/cli/commands/learn';
import { tagCommand } from '../../../lib/cli/commands/tag';
import { readPapersFile } from '../../../lib/cli/read-papers';
import { tempDir } from '../helpers/temp-dir';

const dir = tempDir('pulse-discover-');
const DAY = 86_400_000;
const T = Date.UTC(2026, 2, 31);
const SUBJECTS = [
  'protein folding',
  'robot grasping',
  'speech coding',
  'graph mining',
  'image denoising',
  'tax law',
];

function lines(): string[] {
  const out: string[] = [];
  for (let d = 0; d < 110; d++) {
    const s = SUBJECTS[d % SUBJECTS.length]!;
    out.push(
      JSON.stringify({
        id: `b${d}`,
        announced: new Date(T - d * DAY).toISOString().slice(0, 10),
        categories: ['cs.LG'],
        title: `Notes on ${s}`,
        abstract: `We revisit ${s}.`,
      }),
    );
  }
  for (let i = 0; i < 8; i++) {
    out.push(
      JSON.stringify({
        id: `z${i}`,
        published: new Date(T - i * DAY).toISOString(),
        categories: ['cs.CL'],
        title: `Zebra attention for task ${i}`,
        abstract: `Zebra attention, again ${i}.`,
      }),
    );
  }
  return out;
}

async function run(command: typeof discoverCommand, args: string[]): Promise<string[]> {
  const out: string[] = [];
  await command.run(args, (l) => out.push(l));
  return out;
}

describe('pulse discover', () => {
  it('prints the contract fields for an emerging phrase, reading a gzipped file dated by announced or published', async () => {
    const file = join(dir, 'papers.jsonl.gz');
    writeFileSync(file, gzipSync(`${lines().join('\n')}\n`));
    const out = (await run(discoverCommand, [file, '--as-of', '2026-03-31', '--top', '5'])).map((l) =>
      JSON.parse(l),
    );
    const zebra = out.find((e) => /zebra attention/i.test(e.phrase));
    expect(Object.keys(zebra)).toEqual([
      'phrase',
      'variants',
      'recent',
      'previous',
      'change',
      'p',
      'papers',
      'coveredBy',
    ]);
    expect(zebra).toMatchObject({ recent: 8, previous: 0, change: null });
    expect(zebra.papers).toHaveLength(8);
  });

  it('rejects a paper with no date, and bad options', async () => {
    const file = join(dir, 'undated.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: 'x', title: 't', abstract: 'a', categories: [] })}\n`);
    expect(() =>
      datedPapers([{ id: 'x', title: '', abstract: '', categories: [], authors: [], where: 'line 1' }], 'f'),
    ).toThrow(/f: line 1: needs published or announced/);
    await expect(run(discoverCommand, [file, '--as-of', '2026-03-31'])).rejects.toBeInstanceOf(CliError);
    await expect(run(discoverCommand, [file])).rejects.toThrow(/--as-of/);
    await expect(run(discoverCommand, [file, '--as-of', '2026-03-31', '--top', '0'])).rejects.toThrow(
      /--top/,
    );
  });

  it('reads and checks every line but keeps only the papers of the windows', async () => {
    const outside = [T - 200 * DAY, T + 3 * DAY].map((t, i) =>
      JSON.stringify({
        id: `o${i}`,
        published: new Date(t).toISOString(),
        categories: ['cs.CL'],
        title: 'Zebra attention outside the windows',
        abstract: 'Zebra attention.',
      }),
    );
    const plain = join(dir, 'in-window.jsonl');
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(plain, lines().join('\n'));
    writeFileSync(mixed, [...outside, ...lines(), ...outside].join('\n'));
    const args = ['--as-of', '2026-03-31', '--top', '5'];
    expect(await run(discoverCommand, [mixed, ...args])).toEqual(
      await run(discoverCommand, [plain, ...args]),
    );
    const kept = await readPapersFile(mixed, (p) => p.id.startsWith('o'));
    expect(kept.map((p) => p.where)).toEqual(['line 1', 'line 2', 'line 121', 'line 122']);
    // A broken line and an undated paper are errors wherever they are.
    writeFileSync(mixed, [...lines(), ...outside, '{"id":"b"'].join('\n'));
    await expect(run(discoverCommand, [mixed, ...args])).rejects.toThrow(/mixed\.jsonl:121: not valid JSON/);
    writeFileSync(mixed, [...outside, JSON.stringify({ id: 'u', title: 't' }), ...lines()].join('\n'));
    await expect(run(discoverCommand, [mixed, ...args])).rejects.toThrow(
      /line 3: needs published or announced/,
    );
  });

  it('reads announced as a date beside published', async () => {
    const file = join(dir, 'announced.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ id: 'x', title: 't', abstract: 'a', announced: '2026-03-02' })}\n`,
    );
    const [p] = await readPapersFile(file);
    expect(p).toMatchObject({ announced: Date.UTC(2026, 2, 2), published: undefined });
  });
});

describe('pulse learn', () => {
  it('prints a user topic that pulse tag --topics accepts and that tags the examples', async () => {
    const corpus = join(dir, 'corpus.jsonl');
    writeFileSync(corpus, `${lines().join('\n')}\n`);
    const examples = join(dir, 'examples.jsonl');
    writeFileSync(examples, `${lines().slice(-4).join('\n')}\n`);
    const [line, ...rest] = await run(learnCommand, [
      examples,
      '--corpus',
      corpus,
      '--name',
      'Zebra attention',
    ]);
    expect(rest).toEqual([]);
    const topic = JSON.parse(line!);
    expect(topic).toMatchObject({ id: 'user-zebra-attention', name: 'Zebra attention' });
    const topicsFile = join(dir, 'topics.json');
    writeFileSync(topicsFile, JSON.stringify([topic]));
    const tagged = (await run(tagCommand, [examples, '--topics', topicsFile])).map((l) => JSON.parse(l));
    for (const paper of tagged)
      expect(paper.topics.map((t: { id: string }) => t.id)).toContain('user-zebra-attention');
  });

  it('needs two examples and a corpus', async () => {
    const one = join(dir, 'one.jsonl');
    writeFileSync(one, `${lines()[0]}\n`);
    await expect(run(learnCommand, [one, '--corpus', one])).rejects.toThrow(/at least 2/);
    await expect(run(learnCommand, [one])).rejects.toThrow(/--corpus/);
  });
});
