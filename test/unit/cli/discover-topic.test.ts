import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createRisingInside } from '@/lib/background/rising-inside';
import { CliError } from '@/lib/cli/command';
import { discoverCommand } from '@/lib/cli/commands/discover';
import { weekEnd, weekOf, weekStart } from '@/lib/discover/weekly';
import { toStored } from '@/lib/ingest/to-stored';
import type { Paper } from '@/lib/paper';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { createCatalog } from '@/lib/topics/catalog';
import { loadPack } from '@/lib/topics/load-pack';
import { emergingFixture, kelpFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { tempDir } from '../helpers/temp-dir';

const dir = tempDir('pulse-discover-topic-');
const DAY = 86_400_000;
const END = Date.UTC(2026, 9, 15, 11);
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;
const LAST = weekOf(END);
const TRACKED = ['cs.AI', 'cs.LG', 'cs.CL'];

/** 120 days of papers (ZSA rising in cs.CL, KFI in cs.LG), as the API would give them. */
const PAPERS: Paper[] = syntheticPapers(END, 120, 3, [...emergingFixture(T), ...kelpFixture(T)]).map((p) => ({
  ...p,
  authorCount: p.authors.length,
  primary: p.categories[0]!,
  updated: p.published,
}));

async function run(args: string[]): Promise<Record<string, unknown>[]> {
  const out: string[] = [];
  await discoverCommand.run(args, (line) => out.push(line));
  return out.map((line) => JSON.parse(line));
}

/** The extension's list inside a topic: the papers indexed as the background indexes them, answered by it. */
async function extensionList(topic: string) {
  globalThis.indexedDB = new IDBFactory();
  const catalog = createCatalog(loadPack());
  const db = await openIndexDb('pp-discover-topic');
  await writePapers(
    db,
    PAPERS.map((p) => toStored(catalog, TRACKED, p)),
  );
  const inside = createRisingInside({
    db: async () => db,
    isFineTopic: (id) => catalog.get(id)?.kind === 'fine',
    // Sixteen whole weeks, as `--as-of` the last week's Sunday reads.
    historyStart: async () => weekStart(LAST - 15),
  });
  const info = catalog.require(topic);
  const answer = await inside.answer({ id: topic, names: [info.name, ...info.aliases] });
  db.close();
  return answer!.phrases.map(({ key: _k, ...e }) => e);
}

describe('pulse discover --topic', () => {
  const file = join(dir, 'papers.jsonl');
  writeFileSync(
    file,
    PAPERS.map((p) => JSON.stringify({ ...p, published: new Date(p.published).toISOString() })).join('\n'),
  );
  const asOf = new Date(weekEnd(LAST)).toISOString().slice(0, 10);

  it.each(['cs.CL', 'cs.LG'])('prints the extension’s list inside %s on the same papers', async (topic) => {
    const cli = await run([file, '--as-of', asOf, '--topic', topic]);
    const extension = await extensionList(topic);
    expect(cli).toEqual(extension);
    const rising = topic === 'cs.CL' ? /ZSA/ : /KFI/;
    expect(cli.some((e) => rising.test(String(e.phrase)))).toBe(true);
    const other = topic === 'cs.CL' ? /KFI/ : /ZSA/;
    expect(cli.some((e) => other.test(String(e.phrase)))).toBe(false);
  });

  it('refuses a topic the pack does not have', async () => {
    await expect(run([file, '--as-of', asOf, '--topic', 'no-such-topic'])).rejects.toBeInstanceOf(CliError);
    await expect(run([file, '--as-of', asOf, '--topic', 'no-such-topic'])).rejects.toThrow(
      /no topic "no-such-topic"/,
    );
  });
});
