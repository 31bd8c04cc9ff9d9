// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomTopics } from '@/components/options/custom-topics';
import { caretView } from '@/components/options/query-error';
import { SendContext } from '@/components/use-message';
import { momentum, paper, weeks } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

describe('caretView', () => {
  it('puts the caret under the position on a one-line query', () => {
    expect(caretView('abs:"world model AND x', 4)).toEqual({
      line: 'abs:"world model AND x',
      column: 4,
      lineNumber: 1,
    });
  });

  it('finds the line of a multi-line query and the column in it', () => {
    expect(caretView('ti:agents\nOR (cat:cs.RO\nAND )', 28)).toEqual({
      line: 'AND )',
      column: 4,
      lineNumber: 3,
    });
    // A position on a line break belongs to the line it ends.
    expect(caretView('a\nb', 1)).toEqual({ line: 'a', column: 1, lineNumber: 1 });
  });

  it('cuts a long line around the error and keeps the caret on it', () => {
    const query = `${'word '.repeat(100)}AND AND ${'more '.repeat(100)}`;
    const position = query.indexOf('AND AND') + 4;
    const view = caretView(query, position);
    expect(view.line.length).toBeLessThanOrEqual(82);
    expect(view.line.startsWith('…')).toBe(true);
    expect(view.line.endsWith('…')).toBe(true);
    expect(view.line.slice(view.column, view.column + 3)).toBe('AND');
  });

  it('survives positions out of range and odd whitespace', () => {
    expect(caretView('abc', 99)).toEqual({ line: 'abc', column: 3, lineNumber: 1 });
    expect(caretView('abc', -5).column).toBe(0);
    expect(caretView('abc', Number.NaN).column).toBe(0);
    expect(caretView('', 0)).toEqual({ line: '', column: 0, lineNumber: 1 });
    expect(caretView('\tx\r\ny', 1)).toEqual({ line: ' x ', column: 1, lineNumber: 1 });
  });
});

/** A background whose query checker rejects unbalanced quotes and a dangling AND, like the real one. */
function queryHandlers(saved: { id: string; name: string; query: string }[]): FakeHandlers {
  const check = (query: string) => {
    const quote = query.indexOf('"');
    if (quote !== -1 && query.indexOf('"', quote + 1) === -1)
      return { position: quote, message: 'This quote is never closed' };
    if (/AND\s*$/.test(query))
      return { position: query.lastIndexOf('AND'), message: 'AND needs a term after it' };
    return undefined;
  };
  return {
    'userTopics.list': () => ({ topics: saved }),
    'userTopics.preview': ({ query }) => {
      const error = check(query);
      return error
        ? { error, matches: 0, papers: [], momentum: null, weekly: [] }
        : {
            matches: 31,
            papers: [paper('2609.00001', 'World Models for Robot Manipulation')],
            momentum: momentum(20, 11),
            weekly: weeks([1, 2, 3, 2, 1, 4, 3, 2, 5, 6, 4, 2]),
          };
    },
    'userTopics.save': ({ name, query }) => {
      const error = check(query);
      if (error) return { ok: false, error };
      saved.push({ id: `user-${name.toLowerCase().replace(/\W+/g, '-')}`, name, query });
      return { ok: true, id: saved.at(-1)!.id };
    },
    'userTopics.delete': ({ id }) => {
      saved.splice(
        saved.findIndex((topic) => topic.id === id),
        1,
      );
      return {};
    },
  };
}

function renderCustom(handlers: FakeHandlers) {
  const bg = fakeBackground(handlers);
  render(
    <SendContext.Provider value={bg.send}>
      <CustomTopics categories="cs.AI, cs.LG, cs.CL" />
    </SendContext.Provider>,
  );
  return bg;
}

describe('custom topics', () => {
  it('validates the query as you type: a bad query shows its error with a caret, a good one its matches', async () => {
    const saved: { id: string; name: string; query: string }[] = [];
    const bg = renderCustom(queryHandlers(saved));
    expect(await screen.findByText(/You have no custom topics/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New custom topic' }));
    const form = screen.getByRole('form', { name: 'New custom topic' });
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Robot world models' } });
    const query = within(form).getByLabelText('Query') as HTMLTextAreaElement;
    fireEvent.input(query, { target: { value: 'cat:cs.RO AND abs:"world model' } });

    const error = await waitFor(() => {
      const shown = form.querySelector<HTMLElement>('[data-query-error]');
      expect(shown).not.toBeNull();
      return shown!;
    });
    expect(error.textContent).toContain('This quote is never closed (at character 19)');
    expect(error.querySelector('pre')?.textContent).toBe(
      `cat:cs.RO AND abs:"world model\n${' '.repeat(18)}^`,
    );
    expect(query.getAttribute('aria-invalid')).toBe('true');
    expect(query.getAttribute('aria-describedby')).toContain('pp-query-feedback');

    fireEvent.input(query, { target: { value: 'cat:cs.RO AND abs:"world model"' } });
    const matches = await within(form).findByText(/papers in your index match this query/);
    expect(matches.textContent).toBe('31 papers in your index match this query.');
    expect(form.querySelector('[data-query-error]')).toBeNull();
    expect(query.getAttribute('aria-invalid')).toBe('false');
    expect(form.textContent).toContain('20 papers in the last four weeks, up 82% on the four weeks before.');
    expect(within(form).getByRole('link', { name: 'World Models for Robot Manipulation' })).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Add topic' }));
    await screen.findByText(/Saved “Robot world models”/);
    expect(bg.callsOf('userTopics.save')).toEqual([
      { name: 'Robot world models', query: 'cat:cs.RO AND abs:"world model"' },
    ]);
    const list = await screen.findByRole('list', { name: 'Your topics' });
    expect(within(list).getByRole('link', { name: 'Robot world models' }).getAttribute('href')).toBe(
      '/topic.html?id=user-robot-world-models',
    );
  });

  it('shows the error the background gives on save, at its position', async () => {
    const handlers = queryHandlers([]);
    // The preview has not answered yet when the user saves: the save's own check decides.
    handlers['userTopics.preview'] = () => new Promise(() => {});
    renderCustom(handlers);
    fireEvent.click(await screen.findByRole('button', { name: 'New custom topic' }));
    const form = screen.getByRole('form', { name: 'New custom topic' });
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Broken' } });
    fireEvent.input(within(form).getByLabelText('Query'), { target: { value: 'agents AND' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add topic' }));
    await waitFor(() => expect(form.querySelector('[data-query-error="7"]')).not.toBeNull());
    expect(form.textContent).toContain('AND needs a term after it (at character 8)');
  });

  it("says why a topic's learned scorer is not used, beside that topic only", async () => {
    const saved = [
      { id: 'user-a', name: 'Topic A', query: 'ti:diffusion' },
      { id: 'user-b', name: 'Topic B', query: 'agents' },
    ];
    const handlers = queryHandlers(saved);
    const note = 'The learned scorer was made by an older version of PaperPulse.';
    handlers['userTopics.list'] = () => ({
      topics: saved.map((t) => (t.id === 'user-b' ? { ...t, scorerNote: note } : t)),
    });
    renderCustom(handlers);
    const list = await screen.findByRole('list', { name: 'Your topics' });
    expect(list.querySelector('[data-user-topic-id="user-b"] [data-scorer-stale]')?.textContent).toBe(note);
    expect(list.querySelector('[data-user-topic-id="user-a"] [data-scorer-stale]')).toBeNull();
  });

  it('lists saved topics with their errors, edits and deletes after confirmation', async () => {
    const saved = [
      { id: 'user-a', name: 'Topic A', query: 'ti:diffusion' },
      { id: 'user-b', name: 'Topic B', query: 'agents' },
    ];
    const handlers = queryHandlers(saved);
    handlers['userTopics.list'] = () => ({
      topics: saved.map((t) =>
        t.id === 'user-b' ? { ...t, error: { position: 0, message: 'Unknown field' } } : t,
      ),
    });
    const bg = renderCustom(handlers);
    const list = await screen.findByRole('list', { name: 'Your topics' });
    expect(list.querySelector('[data-user-topic-id="user-b"]')?.textContent).toContain(
      'This query no longer parses: Unknown field (at character 1)',
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Topic A' }));
    const form = screen.getByRole('form', { name: 'Edit Topic A' });
    expect((within(form).getByLabelText('Query') as HTMLTextAreaElement).value).toBe('ti:diffusion');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(list).getByRole('button', { name: 'Delete Topic A' }));
    expect(bg.callsOf('userTopics.delete')).toEqual([]);
    fireEvent.click(within(list).getByRole('button', { name: 'Delete “Topic A” for good' }));
    await screen.findByText('Deleted “Topic A”.');
    expect(bg.callsOf('userTopics.delete')).toEqual([{ id: 'user-a' }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Topic A' })).toBeNull());
  });
});
