// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { idListError, LearnTopic } from '@/components/options/learn-topic';
import { SendContext } from '@/components/use-message';
import type { RequestOf } from '@/lib/messages/protocol';
import { TOKENIZER_VERSION } from '@/lib/text/words';
import type { TopicScorer } from '@/lib/topics/scoring/topic-scorer';
import { paper } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const EXAMPLES = ['2609.40000', '2609.40001'];
const GROWTH = paper('2609.40002', 'Growing shapes with neural cellular automata');
const TEXTURE = paper('2609.40006', 'Neural Cellular Automata for Texture Synthesis');

type PackTopic = { id: string; name: string; copy: boolean };

/**
 * A background that learns `"neural cellular automata"` (or `topic:ID` when the examples are `packTopic` and
 * the query copies it), and excludes each paper marked not this.
 */
function learnHandlers(packTopic?: PackTopic, scorer?: TopicScorer): FakeHandlers {
  return {
    'topics.learn': ({ examples, notThis }) => {
      const learnedQuery = packTopic?.copy ? `topic:${packTopic.id}` : '"neural cellular automata"';
      const query = notThis.length
        ? `(${learnedQuery}) ANDNOT (${notThis.map((id) => `ti:"${id}"`).join(' OR ')})`
        : learnedQuery;
      const papers = [GROWTH, TEXTURE, ...examples.map((id) => paper(id, `Example ${id}`))].filter(
        (p) => !notThis.includes(p.id),
      );
      return {
        name: 'neural cellular automata',
        query,
        examples,
        notThis,
        packTopics: [],
        matchedExamples: examples.length,
        preview: { count: papers.length, papers },
        ...(packTopic ? { packTopic } : {}),
        ...(scorer ? { scorer } : {}),
      };
    },
    'userTopics.preview': ({ query }) =>
      query.includes('"')
        ? { matches: 3, papers: [GROWTH], momentum: null, weekly: [] }
        : {
            error: { position: 0, message: 'Bad query' },
            matches: 0,
            papers: [],
            momentum: null,
            weekly: [],
          },
    'userTopics.save': ({ name }) => ({ ok: true, id: `user-${name.replace(/\W+/g, '-')}` }),
    'topic.follow': ({ id }) => ({
      id,
      name: 'Mine',
      kind: 'user',
      followed: true,
      muted: false,
      momentum: null,
      weekly: [],
    }),
  };
}

function renderLearn(initialIds: string[] = [], packTopic?: PackTopic, scorer?: TopicScorer) {
  const bg = fakeBackground(learnHandlers(packTopic, scorer));
  const saved: string[] = [];
  render(
    <SendContext.Provider value={bg.send}>
      <LearnTopic initialIds={initialIds} debounceMs={0} onSaved={(id) => saved.push(id)} />
    </SendContext.Provider>,
  );
  return { bg, saved };
}

describe('idListError', () => {
  it('names what is not an id, asks for one, and caps the list', () => {
    expect(idListError('2609.40000 nonsense')).toBe('Not arXiv ids: nonsense');
    expect(idListError('  ')).toBe('Paste the arXiv ids of at least one paper');
    const many = Array.from({ length: 51 }, (_, i) => `2609.${String(10000 + i)}`).join('\n');
    expect(idListError(many)).toBe('At most 50 papers (you gave 51)');
    expect(idListError('arXiv:2609.40000v2\nhttps://arxiv.org/abs/2609.40001')).toBeUndefined();
  });

  it('refuses a paste past its input limit at once, saying how long it may be (issue 33, item 5)', () => {
    const paste = Array.from({ length: 100_000 }, (_, i) => `2609.${String(10000 + (i % 90000))}`).join('\n');
    const started = performance.now();
    expect(idListError(paste)).toBe(
      `The list is too long: at most 20,000 characters (this one has ${paste.length.toLocaleString('en-US')}); paste the ids of at most 50 papers`,
    );
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('LearnTopic', () => {
  it('learns from pasted ids, marks a match "not this" (re-learning), then saves and follows', async () => {
    const { bg, saved } = renderLearn();
    const ids = screen.getByLabelText(/arXiv ids of example papers/);
    fireEvent.input(ids, { target: { value: 'bogus 2609.40000' } });
    fireEvent.click(screen.getByText('Learn a topic'));
    await screen.findByText('Not arXiv ids: bogus');
    expect(bg.callsOf('topics.learn')).toHaveLength(0);

    fireEvent.input(ids, { target: { value: `${EXAMPLES[0]}\n${EXAMPLES[1]}v2` } });
    fireEvent.click(screen.getByText('Learn a topic'));
    const query = await screen.findByLabelText<HTMLTextAreaElement>(/Learned query/);
    expect(query.value).toBe('"neural cellular automata"');
    expect(bg.callsOf('topics.learn')).toEqual([{ examples: EXAMPLES, notThis: [] }]);
    await waitFor(() =>
      expect(document.querySelector('[data-learn-count]')?.textContent).toMatch(/^4 papers/),
    );
    // While the query is the learned one, the learned preview is shown (not the live check's 3), its rows
    // the matches not yet taught: no example among them.
    expect(document.querySelector(`[data-learn-match="${EXAMPLES[0]}"]`)).toBeNull();
    expect(document.querySelector(`[data-learn-match="${TEXTURE.id}"]`)).not.toBeNull();

    fireEvent.click(await screen.findByText(/Not this/, { selector: `[data-not-this="${GROWTH.id}"]` }));
    await waitFor(() => expect(query.value).toContain('ANDNOT'));
    expect(bg.callsOf('topics.learn').at(-1)).toEqual({ examples: EXAMPLES, notThis: [GROWTH.id] });
    // Examples are not markable.
    expect(document.querySelector(`[data-not-this="${EXAMPLES[0]}"]`)).toBeNull();

    fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Grown NCA' } });
    fireEvent.click(screen.getByText('Save & follow'));
    await screen.findByText(/Saved and following/);
    const request: RequestOf<'userTopics.save'> = { name: 'Grown NCA', query: query.value };
    expect(bg.callsOf('userTopics.save')).toEqual([request]);
    expect(bg.callsOf('topic.follow')).toEqual([{ id: 'user-Grown-NCA', follow: true }]);
    expect(saved).toEqual(['user-Grown-NCA']);
  });

  it("learns at once from ids handed over (options.html?learn=…), and shows an edited query's error", async () => {
    const { bg } = renderLearn(EXAMPLES);
    const query = await screen.findByLabelText<HTMLTextAreaElement>(/Learned query/);
    expect(bg.callsOf('topics.learn')).toEqual([{ examples: EXAMPLES, notThis: [] }]);
    fireEvent.input(query, { target: { value: 'broken' } });
    await screen.findByText(/Bad query/);
    expect(query.getAttribute('aria-invalid')).toBe('true');
  });

  it('"yes, this" re-learns with the match among the examples', async () => {
    const { bg } = renderLearn(EXAMPLES);
    await screen.findByLabelText<HTMLTextAreaElement>(/Learned query/);
    expect(document.querySelector('[data-learn-pack-topic]')).toBeNull();
    fireEvent.click(await screen.findByText(/Yes, this/, { selector: `[data-yes-this="${GROWTH.id}"]` }));
    await waitFor(() =>
      expect(bg.callsOf('topics.learn').at(-1)).toEqual({ examples: [...EXAMPLES, GROWTH.id], notThis: [] }),
    );
    // Now an example: neither mark is offered for it.
    await waitFor(() => expect(document.querySelector(`[data-yes-this="${GROWTH.id}"]`)).toBeNull());
    expect(document.querySelector(`[data-not-this="${GROWTH.id}"]`)).toBeNull();
  });

  it('a mark sends the scorer of the topic shown, so it is re-learned near it', async () => {
    const scorer: TopicScorer = {
      version: 1,
      tokenizer: TOKENIZER_VERSION,
      bias: -1,
      threshold: 1,
      queryThreshold: 0,
      weights: [['automata', 2]],
    };
    const { bg } = renderLearn(EXAMPLES, undefined, scorer);
    await screen.findByLabelText<HTMLTextAreaElement>(/Learned query/);
    fireEvent.click(await screen.findByText(/Not this/, { selector: `[data-not-this="${GROWTH.id}"]` }));
    await waitFor(() =>
      expect(bg.callsOf('topics.learn').at(-1)).toEqual({
        examples: EXAMPLES,
        notThis: [GROWTH.id],
        shown: scorer,
      }),
    );
    fireEvent.click(await screen.findByText(/Yes, this/, { selector: `[data-yes-this="${TEXTURE.id}"]` }));
    await waitFor(() =>
      expect(bg.callsOf('topics.learn').at(-1)).toEqual({
        examples: [...EXAMPLES, TEXTURE.id],
        notThis: [GROWTH.id],
        shown: scorer,
      }),
    );
    // Learning from pasted ids starts afresh: no scorer sent.
    expect(bg.callsOf('topics.learn')[0]).toEqual({ examples: EXAMPLES, notThis: [] });
  });

  it('examples that are a pack topic: "These papers are <topic>: follow it", and no renamed copy to save', async () => {
    const { bg } = renderLearn(EXAMPLES, { id: 'rubric-based-rl', name: 'Rubric-Based RL', copy: true });
    const offer = await waitFor(() => {
      const found = document.querySelector('[data-learn-pack-topic="rubric-based-rl"]');
      if (!found) throw new Error('no offer yet');
      return found;
    });
    expect(offer.textContent).toMatch(/^These papers are Rubric-Based RL: Follow it/);
    expect(offer.querySelector('a')?.getAttribute('href')).toContain('rubric-based-rl');
    // The learned query only copies the topic: nothing to name, edit or save.
    expect(screen.queryByLabelText(/Learned query/)).toBeNull();
    expect(screen.queryByText('Save & follow')).toBeNull();
    fireEvent.click(screen.getByText('Follow it'));
    await screen.findByText(/Following/, { selector: '[data-learn-pack-followed]' });
    expect(bg.callsOf('topic.follow')).toEqual([{ id: 'rubric-based-rl', follow: true }]);
    expect(bg.callsOf('userTopics.save')).toHaveLength(0);
  });

  it('offers the narrower learned topic beside the pack topic when the query differs from it', async () => {
    const { bg } = renderLearn(EXAMPLES, { id: 'cellular-automata', name: 'Cellular Automata', copy: false });
    const query = await screen.findByLabelText<HTMLTextAreaElement>(/Learned query/);
    expect(query.value).toBe('"neural cellular automata"');
    const offer = document.querySelector('[data-learn-pack-topic="cellular-automata"]');
    expect(offer?.textContent).toMatch(/These papers are Cellular Automata: Follow it/);
    expect(offer?.textContent).toMatch(/narrower topic/);
    fireEvent.click(screen.getByText('Save & follow'));
    await screen.findByText(/Saved and following/);
    expect(bg.callsOf('userTopics.save')).toHaveLength(1);
  });
});
