import { describe, expect, it } from 'vitest';
import { type Backup, parseBackup } from '@/lib/backup';
import { TOKENIZER_VERSION } from '@/lib/text/words';
import { MAX_SCORER_WEIGHTS, type TopicScorer } from '@/lib/topics/scoring/topic-scorer';
import { cellularAutomataPapers, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const SCORER: TopicScorer = {
  version: 1,
  tokenizer: TOKENIZER_VERSION,
  bias: -2,
  threshold: 0.5,
  queryThreshold: -1.5,
  weights: [
    ['morphogenesis', 6],
    ['seed cell', 6],
  ],
};

async function withLearnedTopic() {
  const bg = createTestBackground(syntheticPapers(END, 10, 3, cellularAutomataPapers(END)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  const saved = await bg.call<{ ok: true; id: string }>('userTopics.save', {
    name: 'Growth',
    query: '"cellular automata"',
    scorer: SCORER,
  });
  const exported = async () => (await bg.call<{ file: Backup }>('data.export')).file;
  return { bg, id: saved.id, exported };
}

describe("a custom topic's learned scorer in the backup file (issue 37 item 3)", () => {
  it('is exported with its topic (file version 4) and imported back', async () => {
    const { bg, id, exported } = await withLearnedTopic();
    const file = await exported();
    expect(file.version).toBe(4);
    expect(file.userTopics).toEqual([{ id, name: 'Growth', query: '"cellular automata"', scorer: SCORER }]);
    await bg.call('userTopics.delete', { id });
    const result = await bg.call<{ ok: boolean; changes: string[] }>('data.import', { file, apply: true });
    expect(result).toMatchObject({ ok: true, changes: ['Add custom topic Growth'] });
    expect((await exported()).userTopics).toEqual(file.userTopics);
  });

  it('imports a version-4 file whose scorer predates the tokenizer version: kept, not used, and the list says why', async () => {
    const { bg, id, exported } = await withLearnedTopic();
    const file = await exported();
    const { tokenizer: _, ...before } = SCORER;
    const old = { ...file, userTopics: [{ ...file.userTopics[0]!, scorer: before }] };
    await bg.call('userTopics.delete', { id });
    const result = await bg.call<{ ok: boolean }>('data.import', { file: old, apply: true });
    expect(result).toMatchObject({ ok: true });
    expect((await exported()).userTopics[0]?.scorer).toEqual(before);
    const list = await bg.call<{ topics: { name: string; scorerNote?: string }[] }>('userTopics.list', {});
    expect(list.topics).toEqual([
      expect.objectContaining({
        name: 'Growth',
        scorerNote: expect.stringMatching(
          /^The learned scorer was made by an older version of PaperPulse.*only the query is used/,
        ),
      }),
    ]);
  });

  it('lists a current scorer without a note', async () => {
    const { bg } = await withLearnedTopic();
    const list = await bg.call<{ topics: { scorerNote?: string }[] }>('userTopics.list', {});
    expect(list.topics[0]).not.toHaveProperty('scorerNote');
  });

  it('refuses a hostile or oversized scorer with an error naming the topic, and changes nothing', async () => {
    const { bg, exported } = await withLearnedTopic();
    const file = await exported();
    const topic = file.userTopics[0]!;
    const many = Array.from({ length: MAX_SCORER_WEIGHTS + 1 }, (_, i) => [`w${i}`, 1]);
    for (const scorer of [
      { ...SCORER, weights: many },
      { ...SCORER, bias: 1e300 },
      {
        ...SCORER,
        weights: [
          ['__proto__', 1],
          ['__proto__', 2],
        ],
      },
      { ...SCORER, run: 'alert(1)' },
    ]) {
      const bad = { ...file, userTopics: [{ ...topic, query: '"other"', scorer }] };
      const result = await bg.call<{ ok: boolean; error?: string }>('data.import', {
        file: bad,
        apply: true,
      });
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/^Custom topic "Growth": its learned scorer is not one PaperPulse writes/);
      expect(result.error).toMatch(/Nothing was imported\.$/);
    }
    expect(await exported()).toMatchObject({ userTopics: file.userTopics });
  });

  it('a file whose topic has no scorer (written before scorers) keeps the stored one', async () => {
    const { bg, exported } = await withLearnedTopic();
    const file = await exported();
    const { scorer: _, ...older } = file.userTopics[0]!;
    const result = await bg.call<{ ok: boolean; changes: string[] }>('data.import', {
      file: { ...file, version: 3, userTopics: [older] },
      apply: true,
    });
    expect(result).toMatchObject({ ok: true, changes: [] });
    expect((await exported()).userTopics[0]!.scorer).toEqual(SCORER);
    // A different scorer in the file is an update.
    const changed = {
      ...file,
      userTopics: [{ ...file.userTopics[0]!, scorer: { ...SCORER, threshold: 1 } }],
    };
    const preview = await bg.call<{ changes: string[] }>('data.import', { file: changed, apply: false });
    expect(preview.changes).toEqual(['Update custom topic Growth']);
    expect(parseBackup(changed).ok).toBe(true);
  });
});
