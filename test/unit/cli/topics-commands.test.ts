import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../lib/cli/command';
import { COMMANDS } from '../../../lib/cli/commands';
import { explainCommand } from '../../../lib/cli/commands/explain';
import { tagCommand } from '../../../lib/cli/commands/tag';
import { topicsCommand } from '../../../lib/cli/commands/topics';
import { readPapersFile } from '../../../lib/cli/read-papers';
import { loadPack } from '../../../lib/topics/load-pack';
import { tagPaper } from '../../../lib/topics/tagger';
import { tempDir } from '../helpers/temp-dir';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const PAPERS = join(PROJECT, 'test/fixtures/topics/papers.jsonl');
const ATOM = join(PROJECT, 'test/fixtures/arxiv-api/new-format_idlist_2026-06.xml');
const dir = tempDir('pulse-topics-');

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function run(command: typeof tagCommand, args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await command.run(args, (line) => lines.push(line));
  return { code, lines };
}

describe('the command map', () => {
  it('registers tag, topics and explain', () => {
    expect(COMMANDS.tag).toBe(tagCommand);
    expect(COMMANDS.topics).toBe(topicsCommand);
    expect(COMMANDS.explain).toBe(explainCommand);
  });
});

describe('pulse tag', () => {
  it('prints one JSON line per paper with id, name, score and evidence for each topic', async () => {
    const { code, lines } = await run(tagCommand, [PAPERS]);
    expect(code).toBe(0);
    expect(lines).toHaveLength(25);
    const first = JSON.parse(lines[0]!);
    expect(Object.keys(first)).toEqual(['id', 'topics']);
    expect(first.id).toBe('2607.00101');
    for (const t of first.topics) {
      expect(Object.keys(t)).toEqual(['id', 'name', 'score', 'evidence']);
      expect(t.name).toBe(loadPack().byId.get(t.id)?.name);
      expect(t.evidence.length).toBeGreaterThan(0);
    }
    expect(first.topics.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(['agentic-rl', 'cs.LG', 'cs.AI']),
    );
  });

  it('reads arXiv Atom feeds too', async () => {
    const { code, lines } = await run(tagCommand, [ATOM]);
    expect(code).toBe(0);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ id: expect.any(String), topics: expect.any(Array) });
  });

  it('adds user topics under the ids their file gives them', async () => {
    const topics = file(
      'user.json',
      JSON.stringify([
        { id: 'muon', name: 'Muon watch', query: 'ti:muon' },
        { id: 'rl-robots', name: 'Robot RL', query: 'abs:quadruped AND (PPO OR "reinforcement learning")' },
      ]),
    );
    const { lines } = await run(tagCommand, [PAPERS, '--topics', topics]);
    const byId = new Map(lines.map((l) => JSON.parse(l)).map((p) => [p.id, p.topics]));
    expect(byId.get('2607.00108')).toContainEqual(
      expect.objectContaining({
        id: 'muon',
        name: 'Muon watch',
        evidence: [expect.objectContaining({ where: 'title' })],
      }),
    );
    expect(byId.get('2607.00102').map((t: { id: string }) => t.id)).toContain('rl-robots');
    expect(byId.get('2607.00101').map((t: { id: string }) => t.id)).not.toContain('rl-robots');
  });

  it.each([
    ['no file', [], /exactly one FILE/],
    ['two files', [PAPERS, PAPERS], /exactly one FILE/],
    ['a missing file', [join(dir, 'missing.jsonl')], /cannot read .*missing\.jsonl: ENOENT/],
    ['an unknown option', [PAPERS, '--nope', 'x'], /unknown option --nope/],
    [
      'a line that is not JSON',
      [file('bad.jsonl', '{"id":"1","title":"x"}\n{oops\n')],
      /bad\.jsonl:2: not valid JSON/,
    ],
    ['a line without title', [file('notitle.jsonl', '{"id":"1"}\n')], /notitle\.jsonl:1: title/],
    [
      'a topics file that is not JSON',
      [PAPERS, '--topics', file('t1.json', '[{')],
      /t1\.json: not valid JSON/,
    ],
    ['a topics file of the wrong shape', [PAPERS, '--topics', file('t2.json', '{"id":1}')], /t2\.json/],
    [
      'a bad query',
      [PAPERS, '--topics', file('t3.json', '[{"id":"x","name":"X","query":"agents AND ("}]')],
      /topic x: .*\(at position \d+\)/,
    ],
    [
      'a topic id the pack already has',
      [PAPERS, '--topics', file('t4.json', '[{"id":"agentic-rl","name":"X","query":"x"}]')],
      /topic agentic-rl: the pack already has this id/,
    ],
    [
      'a topic id twice',
      [
        PAPERS,
        '--topics',
        file('t5.json', '[{"id":"a","name":"A","query":"x"},{"id":"a","name":"B","query":"y"}]'),
      ],
      /topic a: two topics have this id/,
    ],
  ])('refuses %s with a clear message', async (_, args, message) => {
    await expect(run(tagCommand, args as string[])).rejects.toThrow(CliError);
    await expect(run(tagCommand, args as string[])).rejects.toThrow(message);
  });
});

describe('pulse topics', () => {
  it('prints the pack, one JSON line per topic', async () => {
    const { code, lines } = await run(topicsCommand, []);
    expect(code).toBe(0);
    expect(lines).toHaveLength(loadPack().topics.length);
    const topics = lines.map((l) => JSON.parse(l));
    for (const t of topics)
      expect(Object.keys(t)).toEqual(['id', 'name', 'aliases', 'parents', 'description']);
    expect(topics).toContainEqual(expect.objectContaining({ id: 'agentic-rl', name: 'Agentic RL' }));
    expect(topics).toContainEqual(expect.objectContaining({ id: 'cs.AI', name: 'Artificial Intelligence' }));
  });

  it('takes no arguments', async () => {
    await expect(run(topicsCommand, ['x'])).rejects.toThrow(/takes no arguments/);
  });
});

describe('pulse explain', () => {
  it('says why each topic matched, with or without the version in the id', async () => {
    const { code, lines } = await run(explainCommand, ['2607.00101v2', PAPERS]);
    expect(code).toBe(0);
    const text = lines.join('\n');
    expect(lines[0]).toContain('Turn-Level Advantage Shaping');
    expect(text).toMatch(/Agentic RL \[agentic-rl\]\s+score [\d.]+/);
    expect(text).toMatch(/title: "Agentic Reinforcement Learning"/);
    expect(text).toContain('rule: ');
    expect(text).toContain('(arXiv category)');
  });

  it('lists topics that nearly matched and why not', async () => {
    const { lines } = await run(explainCommand, ['2607.00102', PAPERS]);
    const text = lines.join('\n');
    expect(text).toContain('Considered, not tagged:');
    expect(text).toMatch(
      /: (below threshold|vetoed by an excluded term|required term missing|outside its arXiv categories|beyond the per-paper limit)/,
    );
  });

  it("shows a learned-model tag with the paper's words that weighed most, and tagged topics are not 'considered'", async () => {
    const pack = loadPack();
    const papers = (await readPapersFile(PAPERS)).filter((p) =>
      tagPaper(p, pack).some((t) => t.source === 'model'),
    );
    expect(papers.length).toBeGreaterThan(0);
    for (const paper of papers) {
      const { lines } = await run(explainCommand, [paper.id, PAPERS]);
      const text = lines.join('\n');
      expect(text).toContain('(learned model)');
      expect(text).toMatch(/words that weighed most: (title|abstract|category): "/);
      const [tagged, considered = ''] = text.split('Considered, not tagged:');
      const ids = (part: string) => new Set([...part.matchAll(/\[([a-z0-9.-]+)\]/g)].map((m) => m[1]));
      for (const id of ids(considered)) expect(ids(tagged!).has(id), `${paper.id} ${id}`).toBe(false);
    }
  });

  it('refuses an unknown id or missing arguments', async () => {
    await expect(run(explainCommand, ['2607.99999', PAPERS])).rejects.toThrow(/no paper with id 2607\.99999/);
    await expect(run(explainCommand, [PAPERS])).rejects.toThrow(/needs an ID and a FILE/);
  });
});

describe('pulse on the command line', () => {
  it('exits non-zero with a message on stderr for unreadable input', () => {
    const result = spawnSync('npx', ['tsx', 'lib/cli/main.ts', 'tag', join(dir, 'nope.jsonl')], {
      cwd: PROJECT,
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/pulse: cannot read .*nope\.jsonl: ENOENT/);
    expect(result.stdout).toBe('');
  });

  it('prints tags as JSON lines on stdout', () => {
    const result = spawnSync('npx', ['tsx', 'lib/cli/main.ts', 'tag', PAPERS], {
      cwd: PROJECT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(25);
    expect(JSON.parse(lines[3]!).topics[0]).toMatchObject({ id: '3d-gaussian-splatting' });
  });
});
