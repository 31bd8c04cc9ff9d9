import { describe, expect, it } from 'vitest';
import type { SavedPaper } from '@/lib/messages/schemas';
import { momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

const list = async (bg: Awaited<ReturnType<typeof filled>>) =>
  (await bg.call<{ papers: SavedPaper[] }>('saved.list')).papers;

describe('saved papers (reading list) in the background', () => {
  it('saves an indexed paper with the index metadata and topics, marks it read, unsaves it', async () => {
    const bg = await filled();
    const paper = bg.papers.find((p) => p.title.includes('Agentic'))!;
    expect(await bg.fromContent('paper.save', { id: paper.id, save: true })).toEqual({ saved: true });
    const [saved] = await list(bg);
    expect(saved).toMatchObject({ id: paper.id, title: paper.title, authors: paper.authors, read: false });
    // The Atom feed gives seconds.
    expect(saved!.published).toBe(Math.floor(paper.published / 1000) * 1000);
    expect(saved!.topics.map((t) => t.id)).toContain('agentic-rl');
    expect(saved!.savedAt).toBe(NOW);

    expect((await bg.call<SavedPaper>('saved.mark', { id: paper.id, read: true })).read).toBe(true);
    // Saving again keeps the reader's mark and the first save time.
    bg.setNow(NOW + DAY);
    await bg.call('paper.save', { id: paper.id, save: true });
    expect((await list(bg))[0]).toMatchObject({ read: true, savedAt: NOW });

    expect(
      await bg.fromContent('saved.status', {
        ids: [paper.id, bg.papers[0]!.id === paper.id ? '2601.00001' : bg.papers[0]!.id],
      }),
    ).toEqual({ saved: [paper.id] });
    await bg.call('paper.save', { id: paper.id, save: false });
    expect(await list(bg)).toEqual([]);
  });

  it('saves a paper the index lacks from what the page showed, then completes it from the index', async () => {
    const bg = await filled();
    const ref = {
      arxivId: '2610.99999',
      title: 'Agentic reinforcement learning for tool use',
      authors: ['Ada Lovelace', 'Alan Turing'],
      categories: ['cs.LG'],
      published: '2026-10-10T00:00:00Z',
    };
    await bg.fromContent('paper.save', { id: ref.arxivId, save: true, paper: ref });
    const [first] = await list(bg);
    expect(first).toMatchObject({ title: ref.title, authors: ref.authors, primary: 'cs.LG', updated: 0 });
    expect(first!.published).toBe(Date.parse(ref.published));

    // arXiv now has it: the lookup the save queued brings it in, and the list completes the copy.
    bg.papers.push({
      id: ref.arxivId,
      title: ref.title,
      abstract: 'We train agents with reinforcement learning to call tools.',
      authors: ref.authors,
      categories: ['cs.LG'],
      published: Date.parse(ref.published),
    });
    await bg.app.started();
    await bg.app.idle();
    const [done] = await list(bg);
    expect(done!.updated).toBe(Date.parse(ref.published));
    expect(done!.savedAt).toBe(NOW);
  });

  it('keeps saved papers when the index is reset, and refuses bad ids and page-only calls from pages', async () => {
    const bg = await filled();
    const paper = bg.papers[5]!;
    await bg.call('paper.save', { id: paper.id, save: true });
    await bg.call('index.reset');
    await bg.app.idle();
    bg.setArxivDown(true);
    await bg.call('index.reset');
    expect((await list(bg)).map((p) => [p.id, p.title])).toEqual([[paper.id, paper.title]]);

    await expect(bg.fromContent('paper.save', { id: '../x', save: true })).rejects.toThrow(/Bad request/);
    await expect(bg.fromContent('saved.list', {})).rejects.toThrow(/own pages/);
    await expect(bg.fromContent('saved.mark', { id: paper.id, read: true })).rejects.toThrow(/own pages/);
    await expect(bg.call('saved.mark', { id: '2601.00002', read: true })).rejects.toThrow(
      /not on your reading list/,
    );
  });

  it('exports saved papers in the backup and merges them on import without touching read marks', async () => {
    const bg = await filled();
    const [a, b] = [bg.papers[1]!, bg.papers[2]!];
    await bg.call('paper.save', { id: a.id, save: true });
    await bg.call('paper.save', { id: b.id, save: true });
    await bg.call('saved.mark', { id: a.id, read: true });
    const { file } = await bg.call<{ file: { version: number; saved: unknown[] } }>('data.export');
    expect(file.version).toBe(4);
    expect(file.saved).toHaveLength(2);

    await bg.call('paper.save', { id: b.id, save: false });
    await bg.call('saved.mark', { id: a.id, read: false });
    const preview = await bg.call<{ changes: string[] }>('data.import', { file, apply: false });
    expect(preview.changes).toEqual([`Save arXiv:${b.id} ${b.title}`]);
    await bg.call('data.import', { file, apply: true });
    const after = await list(bg);
    expect(after.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(after.find((p) => p.id === a.id)!.read).toBe(false);

    // A version 1 file (before the reading list) still imports; a bad saved entry rejects the whole file.
    const { saved: _, ...v1 } = { ...file, version: 1 };
    expect((await bg.call<{ ok: boolean }>('data.import', { file: v1, apply: false })).ok).toBe(true);
    const bad = { ...file, saved: [{ ...(file.saved[0] as object), id: 'javascript:alert(1)' }] };
    expect((await bg.call<{ ok: boolean }>('data.import', { file: bad, apply: true })).ok).toBe(false);
  });
});
