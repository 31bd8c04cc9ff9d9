import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../../lib/cli/command';
import {
  type MomentumLine,
  momentumCommand,
  momentumLines,
  parseAsOf,
} from '../../../lib/cli/commands/momentum';
import type { CliPaper } from '../../../lib/cli/read-papers';
import type { TopicTag } from '../../../lib/topics/types';
import { tempDir } from '../helpers/temp-dir';

const DAY = 86_400_000;
const T = Date.UTC(2026, 5, 17, 23, 59, 59, 999); // --as-of 2026-06-17

let serial = 0;
function paper(title: string, published: number | undefined, categories = ['cs.LG']): CliPaper {
  serial++;
  return {
    id: `2606.${String(10000 + serial)}`,
    title,
    abstract: '',
    categories,
    authors: [],
    published,
    where: `line ${serial}`,
  };
}

/** `count` papers titled `title`, dated inside (T - toDaysAgo - span, T - toDaysAgo]. */
function papersIn(count: number, title: string, fromDaysAgo: number, toDaysAgo: number): CliPaper[] {
  return Array.from({ length: count }, (_, i) =>
    paper(title, T - toDaysAgo * DAY - Math.floor(((i + 0.5) * (fromDaysAgo - toDaysAgo) * DAY) / count)),
  );
}

// A fake tagger: a paper has the topics named by the words of its title.
const tagByTitle = (p: CliPaper): TopicTag[] =>
  p.title
    .split(' ')
    .map((word) => ({ topicId: word, score: 1, evidence: [{ phrase: word, where: 'title' }] }));
const nameOf = (id: string) => id.toUpperCase();

describe('momentumLines', () => {
  const papers = [
    ...papersIn(28, 'alpha', 28, 0),
    ...papersIn(7, 'alpha', 56, 28),
    ...papersIn(969, 'other', 28, 0), // 28 + 969 + 3 (beta) = 1000 recent, 7 + 993 = 1000 previous
    ...papersIn(993, 'other', 56, 28),
    ...papersIn(3, 'beta', 10, 0),
    ...papersIn(5, 'gamma', 300, 100),
  ];
  const lines = momentumLines(papers, T, tagByTitle, nameOf);
  const byId = new Map(lines.map((l) => [l.id, l]));

  it('computes each topic against every paper in the file', () => {
    const alpha = byId.get('alpha')!;
    expect(alpha).toMatchObject({
      name: 'ALPHA',
      recent: 28,
      previous: 7,
      change: 3,
      share: 0.028,
      trend: 'rising',
    });
    expect(alpha.p).toBeCloseTo(8731848 / 2 ** 35, 15); // P(X >= 28), X ~ Bin(35, 1000/2000)
    expect(byId.get('beta')).toMatchObject({ recent: 3, previous: 0, change: null, trend: 'new' });
  });

  it('lists every topic present, even one with no paper in the windows', () => {
    expect(byId.get('gamma')).toMatchObject({
      recent: 0,
      previous: 0,
      change: null,
      share: 0,
      p: null,
      trend: 'steady',
    });
    expect(lines.map((l) => l.id)).toEqual(['other', 'alpha', 'beta', 'gamma']);
  });

  it('writes exactly the contract fields, with 12 Monday weeks of counts', () => {
    const alpha = byId.get('alpha')!;
    expect(Object.keys(alpha)).toEqual([
      'id',
      'name',
      'recent',
      'previous',
      'change',
      'share',
      'trend',
      'p',
      'weekly',
    ]);
    expect(alpha.weekly).toHaveLength(12);
    expect(alpha.weekly[11]).toEqual({ weekStart: '2026-06-15', count: expect.any(Number) });
    expect(alpha.weekly[0]!.weekStart).toBe('2026-03-30');
    expect(Object.keys(alpha.weekly[0]!)).toEqual(['weekStart', 'count']);
    expect(alpha.weekly.reduce((sum, w) => sum + w.count, 0)).toBe(35);
  });

  it('counts a paper listed twice (cross-list lines) once', () => {
    const one = paper('delta', T - DAY);
    const twice = momentumLines(
      [one, { ...one, categories: ['cs.AI'] }, paper('x', T - DAY)],
      T,
      tagByTitle,
      nameOf,
    );
    expect(twice.find((l) => l.id === 'delta')).toMatchObject({ recent: 1, share: 0.5 });
  });

  it('counts a topic once per paper however many tags repeat it', () => {
    const repeated = momentumLines([paper('eps eps eps', T - DAY)], T, tagByTitle, nameOf);
    expect(repeated).toHaveLength(1);
    expect(repeated[0]!.recent).toBe(1);
  });

  it('refuses a paper without a date, naming its line', () => {
    const missing = paper('alpha', undefined);
    expect(() => momentumLines([paper('alpha', T), missing], T, tagByTitle, nameOf, 'in.jsonl')).toThrow(
      new CliError(`in.jsonl: ${missing.where}: published: missing (momentum needs the v1 date)`),
    );
  });

  it('prints nothing for an empty file', () => {
    expect(momentumLines([], T, tagByTitle, nameOf)).toEqual([]);
  });
});

describe('parseAsOf', () => {
  it.each([
    ['2026-06-17', Date.UTC(2026, 5, 17, 23, 59, 59, 999)],
    [' 2026-06-17 ', Date.UTC(2026, 5, 17, 23, 59, 59, 999)],
    ['2026-06-17T08:30:00Z', Date.UTC(2026, 5, 17, 8, 30)],
    ['2026-06-17T08:30', Date.UTC(2026, 5, 17, 8, 30)],
    ['2026-06-17T08:30:15.250+02:00', Date.UTC(2026, 5, 17, 6, 30, 15, 250)],
    ['2024-02-29', Date.UTC(2024, 1, 29, 23, 59, 59, 999)],
  ])('%j -> %d', (text, expected) => {
    expect(parseAsOf(text)).toBe(expected);
  });

  it.each([
    '',
    'yesterday',
    '17/06/2026',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-06-17T25:00',
    '1781740799999',
  ])('refuses %j', (text) => {
    expect(() => parseAsOf(text)).toThrow(CliError);
  });
});

describe('pulse momentum (with the real topic pack)', () => {
  const dir = tempDir('pp-momentum-');
  const jsonl = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
  const rows = [
    ...Array.from({ length: 6 }, (_, i) => ({
      id: `2606.${String(20000 + i)}`,
      title: `Muon optimizer scaling study ${i}`,
      abstract: 'We train language models with the Muon optimizer.',
      categories: ['cs.LG', 'cs.CL'],
      published: new Date(T - (i + 1) * DAY).toISOString(),
    })),
    ...Array.from({ length: 4 }, (_, i) => ({
      id: `2605.${String(20000 + i)}`,
      title: `A study of graph colouring ${i}`,
      abstract: 'Combinatorics.',
      categories: ['cs.DM'],
      published: new Date(T - (30 + i) * DAY).toISOString(),
    })),
  ];
  const papersPath = join(dir, 'papers.jsonl');
  writeFileSync(papersPath, jsonl(rows));
  const topicsPath = join(dir, 'topics.json');
  writeFileSync(topicsPath, JSON.stringify([{ id: 'muon', name: 'Muon optimizer', query: 'ti:muon' }]));

  async function run(args: string[]): Promise<MomentumLine[]> {
    const out: string[] = [];
    expect(await momentumCommand.run(args, (line) => out.push(line))).toBe(0);
    return out.map((line) => JSON.parse(line) as MomentumLine);
  }

  // The same file with one cs.LG paper from before the previous window: the file then holds cs.LG there.
  const heldPath = join(dir, 'papers-held.jsonl');
  writeFileSync(
    heldPath,
    jsonl([
      ...rows,
      {
        id: '2604.30000',
        title: 'A study of sorting',
        abstract: 'Algorithms.',
        categories: ['cs.LG'],
        published: new Date(T - 70 * DAY).toISOString(),
      },
    ]),
  );

  it('reports category topics and user topics under the ids the files give', async () => {
    const lines = await run([heldPath, '--as-of', '2026-06-17', '--topics', topicsPath]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(byId.get('cs.LG')).toMatchObject({ recent: 6, previous: 0, trend: 'new', share: 1, change: null });
    expect(byId.get('cs.DM')).toMatchObject({ recent: 0, previous: 4, change: -1, share: 0 });
    expect(byId.get('muon')).toMatchObject({ name: 'Muon optimizer', recent: 6, previous: 0, trend: 'new' });
    expect(typeof byId.get('cs.LG')!.name).toBe('string');
  });

  it("calls nothing new when the file starts inside the previous window for the topic's categories", async () => {
    // Its cs.LG papers begin six days before T: nothing says cs.LG had no papers in the four weeks before.
    const lines = await run([papersPath, '--as-of', '2026-06-17', '--topics', topicsPath]);
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(byId.get('cs.LG')).toMatchObject({ recent: 6, previous: 0, trend: 'steady', change: null });
    expect(byId.get('muon')).toMatchObject({ recent: 6, previous: 0, trend: 'steady' });
  });

  it('reports usage and input errors as CliError', async () => {
    const noop = () => undefined;
    await expect(momentumCommand.run([papersPath], noop)).rejects.toThrow(/--as-of/);
    await expect(momentumCommand.run(['--as-of', '2026-06-17'], noop)).rejects.toThrow(/FILE/);
    const badTopics = join(dir, 'bad-topics.json');
    writeFileSync(badTopics, JSON.stringify([{ id: 'x', name: 'X', query: 'ti:(muon' }]));
    await expect(
      momentumCommand.run([papersPath, '--as-of', '2026-06-17', '--topics', badTopics], noop),
    ).rejects.toThrow(/^.*bad-topics\.json: topic x: .*position \d+/);
    const clash = join(dir, 'clash.json');
    writeFileSync(clash, JSON.stringify([{ id: 'cs.LG', name: 'Mine', query: 'muon' }]));
    await expect(
      momentumCommand.run([papersPath, '--as-of', '2026-06-17', '--topics', clash], noop),
    ).rejects.toThrow(/cs\.LG: the pack already has/);
    const undated = join(dir, 'undated.jsonl');
    writeFileSync(
      undated,
      jsonl([rows[0]!, { id: '2606.1', title: 'No date', abstract: '', categories: ['cs.AI'] }]),
    );
    await expect(momentumCommand.run([undated, '--as-of', '2026-06-17'], noop)).rejects.toThrow(
      /undated\.jsonl: line 2: published: missing/,
    );
  });

  it('runs as `npm run -s pulse -- momentum`: JSON lines on stdout, errors on stderr with a non-zero exit', () => {
    const ok = spawnSync(
      'npm',
      ['run', '-s', 'pulse', '--', 'momentum', papersPath, '--as-of', '2026-06-17'],
      {
        encoding: 'utf8',
      },
    );
    expect(ok.status).toBe(0);
    const lines = ok.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as MomentumLine);
    expect(lines.find((l) => l.id === 'cs.LG')).toMatchObject({ recent: 6 });
    const bad = spawnSync('npm', ['run', '-s', 'pulse', '--', 'momentum', papersPath, '--as-of', 'soon'], {
      encoding: 'utf8',
    });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--as-of/);
  }, 60_000); // two real `npm run` + tsx start-ups on a busy machine
});
