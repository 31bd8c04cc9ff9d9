// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type EmergingAnswer,
  emergingView,
  forgetKeptEmerging,
  keepEmerging,
  readKeptEmerging,
} from '@/components/emerging/kept-emerging';
import { Popup } from '@/components/popup/popup';
import { SendContext } from '@/components/use-message';
import type { EmergingPhraseData } from '@/lib/messages/schemas';
import { INDEX, paper, status } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const KEY = 'paperpulse.popup.emerging';

function phrase(name: string): EmergingPhraseData {
  return {
    phrase: name,
    key: name.toLowerCase(),
    variants: [name],
    recent: 9,
    previous: 1,
    change: 8,
    p: 0.0001,
    papers: ['2609.00001'],
    coveredBy: [],
    weekly: [...Array(12).fill(0), 1, 2, 3, 3],
    query: `"${name}"`,
  };
}

function answer(...names: string[]): EmergingAnswer {
  return {
    phrases: names.map(phrase),
    firstWeek: Date.UTC(2026, 5, 15),
    rows: [paper('2609.00001', 'A paper')],
    index: INDEX,
  };
}

/** A background whose Emerging answer comes only when `release` is called. */
function slowEmerging(next: EmergingAnswer) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handlers: FakeHandlers = {
    'follows.list': () => ({ follows: [], index: INDEX }),
    'status.get': () => status(),
    'topics.trending': () => ({ topics: [], index: INDEX }),
    'discover.emerging': async () => {
      await arrived;
      return next;
    },
  };
  return { bg: fakeBackground(handlers), release: () => release() };
}

function renderPopup(send: ReturnType<typeof fakeBackground>['send']) {
  return render(
    <SendContext.Provider value={send}>
      <Popup tabUrl={async () => 'chrome://newtab/'} openOptions={() => {}} />
    </SendContext.Provider>,
  );
}

const shownPhrases = () =>
  [...document.querySelectorAll<HTMLElement>('[data-emerging-phrase]')].map(
    (li) => li.dataset.emergingPhrase,
  );

describe('popup: Emerging drawn from the last answer until the background answers', () => {
  it('draws the kept phrases in the first render, then the answer replaces them and is kept', async () => {
    keepEmerging(emergingView(answer('world action models', 'test-time training')));
    const { bg, release } = slowEmerging(answer('speculative agents'));
    renderPopup(bg.send);
    // Before any answer: the kept list, marked as such.
    expect(shownPhrases()).toEqual(['world action models', 'test-time training']);
    expect(document.querySelector('[data-emerging]')?.hasAttribute('data-emerging-kept')).toBe(true);
    expect(document.querySelector('[data-emerging]')?.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(shownPhrases()).toEqual(['speculative agents']));
    expect(document.querySelector('[data-emerging-kept]')).toBeNull();
    await waitFor(() =>
      expect(readKeptEmerging()?.phrases.map((p) => p.phrase)).toEqual(['speculative agents']),
    );
    // Only what the popup draws is kept: each phrase as text, no paper rows or weekly counts.
    expect(readKeptEmerging()).toEqual({
      filling: false,
      phrases: [{ phrase: 'speculative agents', status: 'new', recent: 9, previous: 1 }],
    });
  });

  it('with nothing kept, the section waits for the answer (no empty or stale list first)', async () => {
    const { bg, release } = slowEmerging(answer('world action models'));
    renderPopup(bg.send);
    await screen.findByRole('heading', { name: 'Trending' });
    expect(document.querySelector('[data-emerging]')).toBeNull();
    release();
    await waitFor(() => expect(shownPhrases()).toEqual(['world action models']));
  });

  it.each([
    ['text that is not JSON', '{"phrases": ['],
    ['JSON of another shape', JSON.stringify({ phrases: 'all of them' })],
    ['a whole answer (the older kept format)', JSON.stringify(answer('world action models'))],
    [
      'markup in a phrase and a wrong type',
      JSON.stringify({
        filling: false,
        phrases: [{ phrase: '<img src=x onerror=alert(1)>', status: 'new', recent: '9', previous: 1 }],
      }),
    ],
    [
      'more phrases than a section draws',
      JSON.stringify({
        filling: false,
        phrases: Array(21).fill({ phrase: 'x', status: 'new', recent: 1, previous: 0 }),
      }),
    ],
    ['an empty string', ''],
  ])('ignores a kept value that is %s, and draws the answer', async (_what, value) => {
    localStorage.setItem(KEY, value);
    expect(readKeptEmerging()).toBeUndefined();
    const { bg, release } = slowEmerging(answer('world action models'));
    renderPopup(bg.send);
    expect(document.querySelector('[data-emerging]')).toBeNull();
    release();
    await waitFor(() => expect(shownPhrases()).toEqual(['world action models']));
    expect(document.querySelector('img')).toBeNull();
  });

  it('storage that throws costs only the first frame', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => keepEmerging(emergingView(answer('x')), refusing)).not.toThrow();
    expect(readKeptEmerging(refusing)).toBeUndefined();
    expect(() => forgetKeptEmerging(refusing)).not.toThrow();
  });

  it('forgetting drops the kept answer', () => {
    keepEmerging(emergingView(answer('world action models')));
    forgetKeptEmerging();
    expect(readKeptEmerging()).toBeUndefined();
  });
});
