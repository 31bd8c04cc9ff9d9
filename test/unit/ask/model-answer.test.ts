import { describe, expect, it } from 'vitest';
import { citationsOf, keepCited, splitSentences } from '@/lib/ask/citations';
import type { SourcePaper } from '@/lib/ask/extractive';
import {
  ANSWER_CHARS,
  ANSWER_RESERVE,
  ContextOverflowError,
  type ModelProgress,
  startModelAnswer,
} from '@/lib/ask/model-answer';
import { languageModelOf, modelAvailability } from '@/lib/ask/prompt-model';
import { fakeLanguageModel, tokens } from '../helpers/ask/fake-language-model';

const papers: SourcePaper[] = Array.from({ length: 5 }, (_, i) => ({
  id: `2609.0000${i}`,
  title: `Paper ${i + 1}`,
  abstract: `Abstract ${i + 1}: ${'words about credit assignment '.repeat(20)}`,
}));

async function answer(model: ReturnType<typeof fakeLanguageModel>, onDownload?: (n: number) => void) {
  const updates: ModelProgress[] = [];
  const run = startModelAnswer({
    api: model.api,
    question: 'How is credit assigned?',
    papers,
    onUpdate: (u) => updates.push(u),
    ...(onDownload ? { onDownload } : {}),
  });
  return { run, updates };
}

describe('the Prompt API, found and asked', () => {
  it('is found only where LanguageModel has availability() and create()', () => {
    const { api } = fakeLanguageModel();
    expect(languageModelOf({ LanguageModel: api })).toBe(api);
    expect(languageModelOf({})).toBeUndefined();
    expect(languageModelOf({ LanguageModel: { availability: () => 'available' } })).toBeUndefined();
  });

  it.each(['available', 'downloadable', 'downloading', 'unavailable'] as const)(
    'reports %s as it is',
    async (state) => {
      expect(await modelAvailability(fakeLanguageModel({ availability: state }).api)).toBe(state);
    },
  );

  it('reads a throwing, unknown or missing API as unavailable', async () => {
    expect(await modelAvailability(fakeLanguageModel({ availability: 'throws' }).api)).toBe('unavailable');
    expect(await modelAvailability(fakeLanguageModel({ availability: 'weird' }).api)).toBe('unavailable');
    expect(await modelAvailability(undefined)).toBe('unavailable');
  });

  it.each(['downloadable', 'downloading'] as const)(
    '%s: creating the session reports download progress',
    async (state) => {
      const model = fakeLanguageModel({
        availability: state,
        downloadSteps: [0, 0.25, 1],
        chunks: ['A [1]. '],
      });
      const progress: number[] = [];
      const { run } = await answer(model, (n) => progress.push(n));
      await run.done;
      expect(progress).toEqual([0, 0.25, 1]);
      expect(model.record.created[0]!.initialPrompts![0]!.content).toMatch(/square brackets/);
    },
  );
});

describe('a written answer', () => {
  it('streams sentences as they complete, each with its citations', async () => {
    const model = fakeLanguageModel({
      chunks: ['Turn-level ', 'advantages help [1]. ', 'Process rewards ', 'score steps [2, 3]. Done [4]'],
    });
    const { run, updates } = await answer(model);
    const final = await run.done;
    expect(final.sentences).toEqual([
      { text: 'Turn-level advantages help [1].', cites: [1] },
      { text: 'Process rewards score steps [2, 3].', cites: [2, 3] },
      { text: 'Done [4]', cites: [4] },
    ]);
    expect(final.done && !final.stopped).toBe(true);
    // The first sentence was shown before the model finished.
    expect(updates.find((u) => !u.done && u.sentences.length === 1)).toBeDefined();
    expect(model.record.sessions[0]!.destroyed).toBe(true);
  });

  it('reads Chrome before 137, whose chunks are the whole text so far, the same way', async () => {
    const chunks = ['Turn-level ', 'advantages help [1]. ', 'Process rewards score steps [2].'];
    const a = await (await answer(fakeLanguageModel({ chunks }))).run.done;
    const b = await (await answer(fakeLanguageModel({ chunks, cumulative: true }))).run.done;
    expect(b.sentences).toEqual(a.sentences);
    expect(a.sentences).toHaveLength(2);
  });

  it('drops a sentence without a citation, or citing a paper that was not retrieved', async () => {
    const model = fakeLanguageModel({
      chunks: [
        'Models know things. ',
        'GRPO is used [1]. ',
        'Nobody cited this [9]. ',
        'Also this [0]. ',
        'Mixed [2, 7]. ',
        'Fine [1-2].',
      ],
    });
    const final = await (await answer(model)).run.done;
    expect(final.sentences.map((s) => s.text)).toEqual(['GRPO is used [1].', 'Fine [1-2].']);
    expect(final.dropped).toBe(4);
    for (const s of final.sentences)
      for (const n of s.cites) expect(n >= 1 && n <= final.sources.length).toBe(true);
  });

  it('stops when asked: the stream is aborted, the session destroyed, what was complete is kept', async () => {
    const model = fakeLanguageModel({ chunks: ['First [1]. ', 'More words '], endless: true });
    const { run, updates } = await answer(model);
    await new Promise((resolve) => setTimeout(resolve, 30));
    run.stop();
    const final = await run.done;
    expect(final.stopped).toBe(true);
    expect(model.record.sessions[0]!.signal!.aborted).toBe(true);
    expect(model.record.sessions[0]!.destroyed).toBe(true);
    expect(final.sentences[0]).toEqual({ text: 'First [1].', cites: [1] });
    expect(updates.length).toBeGreaterThan(0);
  });

  it('stops before it starts when the page closes while the session is created', async () => {
    const model = fakeLanguageModel({ chunks: ['First [1]. '] });
    const run = startModelAnswer({ api: model.api, question: 'Q?', papers, onUpdate: () => undefined });
    run.stop();
    await expect(run.done).rejects.toThrow();
    expect(model.record.prompts).toEqual([]);
    expect(model.record.sessions.every((s) => s.destroyed)).toBe(true);
  });
});

describe('the context window', () => {
  it.each(['context', 'input'] as const)(
    'puts in only the abstracts that fit with room for the answer (%s API)',
    async (api) => {
      const one = tokens(`[1] ${papers[0]!.title}\n${papers[0]!.abstract}\n\n`);
      const window = 300 + ANSWER_RESERVE + one * 2 + 60;
      const model = fakeLanguageModel({ api, contextWindow: window, chunks: ['Yes [2]. No [3].'] });
      const final = await (await answer(model)).run.done;
      expect(final.sources.length).toBeGreaterThanOrEqual(1);
      expect(final.sources.length).toBeLessThan(papers.length);
      const system = tokens(model.record.created[0]!.initialPrompts![0]!.content);
      expect(system + tokens(model.record.prompts[0]!) + ANSWER_RESERVE).toBeLessThanOrEqual(window);
      // [3] points past the abstracts that fitted: dropped.
      expect(final.sentences.every((s) => s.cites.every((n) => n <= final.sources.length))).toBe(true);
    },
  );

  it('says so when not even one abstract fits', async () => {
    const model = fakeLanguageModel({ contextWindow: ANSWER_RESERVE + 100 });
    await expect((await answer(model)).run.done).rejects.toBeInstanceOf(ContextOverflowError);
    expect(model.record.prompts).toEqual([]);
    expect(model.record.sessions[0]!.destroyed).toBe(true);
  });

  it('never lets an answer grow past its reserve: an endless answer is cut', async () => {
    const model = fakeLanguageModel({ chunks: ['Credit is assigned per turn [1]. '], endless: true });
    const final = await (await answer(model)).run.done;
    expect(model.record.streamed.length).toBeLessThanOrEqual(ANSWER_CHARS + 40);
    const shown = final.sentences.map((s) => s.text).join(' ');
    expect(tokens(shown)).toBeLessThanOrEqual(ANSWER_RESERVE);
    const system = tokens(model.record.created[0]!.initialPrompts![0]!.content);
    expect(system + tokens(model.record.prompts[0]!) + tokens(shown)).toBeLessThanOrEqual(4096);
  });
});

describe('citations', () => {
  it('reads single, listed and ranged citations', () => {
    expect(citationsOf('A [1]. B [2, 3] and [4-5].')).toEqual([1, 2, 3, 4, 5]);
    expect(citationsOf('No citation.')).toEqual([]);
  });

  it('splits complete sentences, the citation after the full stop included, and keeps the rest', () => {
    expect(splitSentences('One [1]. Two. [2] Three')).toEqual({
      complete: ['One [1].', 'Two. [2]'],
      rest: 'Three',
    });
  });

  it('keeps a sentence only when every citation it makes resolves to a retrieved paper', () => {
    for (let seed = 0; seed < 200; seed++) {
      const n = (seed % 5) + 1;
      const cites = [seed % 9, (seed * 7) % 9];
      const { sentences } = keepCited([`S [${cites.join(', ')}].`], n);
      expect(sentences.length).toBe(cites.every((c) => c >= 1 && c <= n) ? 1 : 0);
    }
  });
});
