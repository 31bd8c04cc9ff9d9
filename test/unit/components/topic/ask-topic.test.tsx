// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskTopic, WAKE_EVERY_MS } from '@/components/topic/ask-topic';
import { SendContext } from '@/components/use-message';
import type { ExactAnswerWire } from '@/lib/ask/ask-schemas';
import { RERANK_FROM } from '@/lib/ask/rerank';
import { fakeLanguageModel } from '../../helpers/ask/fake-language-model';
import { paper } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const PAPERS = [
  paper('2609.00001', 'Turn-level credit', {
    abstract:
      'We train agents with RL. Turn-level credit assignment gives each tool call its own advantage by estimating a value per turn.',
  }),
  paper('2609.00002', 'Process rewards', {
    abstract:
      'A process reward model scores steps. Credit assignment over long horizons is handled by scoring each step with the process reward model.',
  }),
];

const AUTHORS: ExactAnswerWire = {
  kind: 'authors',
  question: 'Who is most active?',
  counted: 2,
  of: 2,
  asOf: Date.UTC(2026, 8, 30),
  sections: [
    {
      title: 'Authors',
      items: [
        { key: 'Ada', label: 'Ada', count: 2, papers: ['2609.00001', '2609.00002'] },
        { key: 'Bob', label: 'Bob', count: 1, papers: ['2609.00002'] },
      ],
    },
  ],
  papers: PAPERS.map((p) => ({ id: p.id, title: p.title, published: p.published, authors: p.authors })),
};

const handlers: FakeHandlers = {
  'topic.askExact': ({ kind }) => ({ ...AUTHORS, kind }),
  'topic.ask': ({ question }) => ({
    papers: question.includes('bread') ? [] : PAPERS.map((p, i) => ({ ...p, score: 2 - i })),
    searched: 2,
  }),
};

function renderAsk(scope: object = {}, initialQuestion?: string) {
  const bg = fakeBackground(handlers);
  render(
    <SendContext.Provider value={bg.send}>
      <AskTopic
        topicId="agentic-rl"
        topicName="Agentic RL"
        related={[{ id: 'llm-agents', name: 'LLM Agents' }]}
        initialQuestion={initialQuestion}
        scope={scope}
      />
    </SendContext.Provider>,
  );
  return bg;
}

const answer = () => document.querySelector<HTMLElement>('[data-ask-answer]');

async function askFree(question: string) {
  fireEvent.input(screen.getByRole('searchbox', { name: 'Your question about Agentic RL' }), {
    target: { value: question },
  });
  fireEvent.submit(document.querySelector('form[data-ask]')!);
  await waitFor(() => expect(answer()).not.toBeNull());
}

describe('Ask about this topic', () => {
  it('wakes the background as a question is typed, at most once per WAKE_EVERY_MS', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const bg = renderAsk();
    const box = screen.getByRole('searchbox', { name: 'Your question about Agentic RL' });
    expect(bg.callsOf('status.get')).toHaveLength(0);
    for (const typed of ['h', 'ho', 'how']) fireEvent.input(box, { target: { value: typed } });
    expect(bg.callsOf('status.get')).toHaveLength(1);
    now.mockReturnValue(1_000_000 + WAKE_EVERY_MS);
    fireEvent.input(box, { target: { value: 'how do' } });
    expect(bg.callsOf('status.get')).toHaveLength(2);
    // The wake-up's answer is not needed: this fake has no handler for it, and asking still works.
    fireEvent.submit(document.querySelector('form[data-ask]')!);
    await waitFor(() => expect(answer()).not.toBeNull());
    now.mockRestore();
  });

  it('answers a suggested question exactly, each item opening onto its papers', async () => {
    const bg = renderAsk();
    const suggested = screen.getByRole('list', { name: 'Suggested questions' });
    expect(
      within(suggested)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      "What's new in the last four weeks?",
      'Which benchmarks and datasets?',
      'Which methods?',
      'Who is most active?',
      'How does it relate to LLM Agents?',
    ]);
    fireEvent.click(within(suggested).getByRole('button', { name: 'Who is most active?' }));
    await waitFor(() => expect(answer()?.dataset.askMode).toBe('exact'));
    expect(bg.callsOf('topic.askExact')).toEqual([{ id: 'agentic-rl', kind: 'authors' }]);
    const items = answer()!.querySelectorAll('[data-ask-item]');
    expect([...items].map((i) => i.querySelector('summary')!.textContent)).toEqual([
      'Ada: 2 papers',
      'Bob: 1 paper',
    ]);
    expect(
      [...items[0]!.querySelectorAll('[data-arxiv-id]')].map((a) => a.getAttribute('data-arxiv-id')),
    ).toEqual(['2609.00001', '2609.00002']);
    fireEvent.click(within(suggested).getByRole('button', { name: 'How does it relate to LLM Agents?' }));
    await waitFor(() => expect(bg.callsOf('topic.askExact')).toHaveLength(2));
    expect(bg.callsOf('topic.askExact')[1]).toEqual({
      id: 'agentic-rl',
      kind: 'relate',
      other: 'LLM Agents',
    });
  });

  it('answers a free question with the sentences of the papers, linked, where there is no model', async () => {
    renderAsk({});
    await askFree('how do agents handle credit assignment?');
    expect(answer()!.dataset.askMode).toBe('extractive');
    expect(answer()!.textContent).toContain(
      'Turn-level credit assignment gives each tool call its own advantage by estimating a value per turn.',
    );
    // Each sentence linked to the paper it is quoted from.
    expect(
      [...answer()!.querySelectorAll('[data-arxiv-id]')].map((a) => a.getAttribute('data-arxiv-id')).sort(),
    ).toEqual(['2609.00001', '2609.00002']);
    await screen.findByText(/Written answers need Chrome's on-device model/);
    await askFree('does the recipe for baking bread matter?');
    await waitFor(() => expect(answer()!.textContent).toBe("These papers don't answer that."));
  });

  it('asks the question of the page’s ask= at once', async () => {
    const bg = renderAsk({}, 'Which methods?');
    await waitFor(() => expect(answer()?.dataset.askMode).toBe('exact'));
    expect(bg.callsOf('topic.askExact')).toEqual([{ id: 'agentic-rl', kind: 'methods' }]);
  });

  it('writes the answer with the on-device model where it is available: cited sentences only, Stop while writing', async () => {
    const model = fakeLanguageModel({
      chunks: [
        'Credit is assigned per turn [1]. ',
        'Models know this. ',
        'It is hard over long horizons [2]. ',
        'See [9].',
      ],
    });
    renderAsk({ LanguageModel: model.api });
    await askFree('how do agents handle credit assignment?');
    await waitFor(() => expect(answer()!.dataset.askMode).toBe('model'));
    await screen.findByText(/Written by Chrome's on-device model/);
    expect(answer()!.textContent).toContain('Credit is assigned per turn [1].');
    expect(answer()!.textContent).not.toContain('Models know this');
    expect(answer()!.textContent).not.toContain('See [9]');
    expect(
      [...answer()!.querySelectorAll('[data-arxiv-id]')].map((a) => a.getAttribute('data-arxiv-id')),
    ).toEqual(['2609.00001', '2609.00002']);
    expect(model.record.prompts[0]).toContain('[1] Turn-level credit');
  });

  it('tells the user before a download, starts it only on their click, and shows its progress', async () => {
    const model = fakeLanguageModel({
      availability: 'downloadable',
      downloadSteps: [0.4],
      chunks: ['A [1].'],
    });
    renderAsk({ LanguageModel: model.api });
    await askFree('how do agents handle credit assignment?');
    const button = await screen.findByRole('button', { name: 'Download the model and write an answer' });
    expect(model.record.created).toEqual([]);
    expect(answer()!.dataset.askMode).toBe('extractive');
    fireEvent.click(button);
    await waitFor(() => expect(model.record.created).toHaveLength(1));
    await waitFor(() => expect(answer()!.dataset.askMode).toBe('model'));
  });

  it('stops the model when the page closes: the stream aborted, the session destroyed', async () => {
    const model = fakeLanguageModel({ chunks: ['Credit per turn [1]. '], endless: true });
    renderAsk({ LanguageModel: model.api });
    await askFree('how do agents handle credit assignment?');
    await screen.findByRole('button', { name: 'Stop' });
    cleanup();
    await waitFor(() => expect(model.record.sessions[0]!.destroyed).toBe(true));
    expect(model.record.sessions[0]!.signal!.aborted).toBe(true);
  });

  it('copies the answer with its references', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAsk({});
    await askFree('how do agents handle credit assignment?');
    fireEvent.click(within(answer()!).getByRole('button', { name: 'Copy answer with references' }));
    await screen.findByText('Copied, with references.');
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toMatch(/^Q: how do agents handle credit assignment\?/);
    expect(text).toContain('[1] Turn-level credit. arXiv:2609.00001. https://arxiv.org/abs/2609.00001');
  });

  it('asks for the first RERANK_FROM papers and lists the reranked top five, the answering paper among them', async () => {
    const weather = Array.from({ length: 6 }, (_, i) =>
      paper(`2609.1000${i}`, `Weather ${i}`, {
        abstract: `Credit data for region ${i} is collected daily. Forecasts are published each morning.`,
      }),
    );
    const answering = paper('2609.20000', 'Pruning without retraining', {
      abstract:
        'Pruning large language models is costly. Our pruning of large language models eliminates the need for retraining, by applying PCA to attention products.',
    });
    const retrains = paper('2609.30000', 'Pruning then retraining', {
      abstract:
        'Pruning large language models is costly. After pruning, we retrain the large language models on routers and experts.',
    });
    const found = [retrains, ...weather, answering];
    const bg = fakeBackground({
      ...handlers,
      'topic.ask': () => ({ papers: found.map((p, i) => ({ ...p, score: 10 - i })), searched: found.length }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <AskTopic topicId="agentic-rl" topicName="Agentic RL" related={[]} scope={{}} />
      </SendContext.Provider>,
    );
    await askFree('Can large language models be pruned without retraining?');
    expect(bg.callsOf('topic.ask')).toEqual([expect.objectContaining({ limit: RERANK_FROM })]);
    const listed = [...document.querySelectorAll('[data-ask-retrieved]')].map((li) =>
      li.getAttribute('data-ask-retrieved'),
    );
    expect(listed).toHaveLength(5);
    expect(listed[0]).toBe('2609.20000');
    const cited = [...answer()!.querySelectorAll('[data-arxiv-id]')].map((a) =>
      a.getAttribute('data-arxiv-id'),
    );
    expect(cited).toContain('2609.20000');
    expect(cited).not.toContain('2609.30000');
  });
});
