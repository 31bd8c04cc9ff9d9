// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { FollowAuthors } from '@/components/follow-authors';
import { SendContext } from '@/components/use-message';
import { topic } from '../helpers/pages/builders';
import { fakeBackground } from '../helpers/pages/fake-send';

afterEach(cleanup);

describe('follow an author from a paper', () => {
  it('follows one author and links to their topic', async () => {
    const bg = fakeBackground({
      'author.follow': ({ name }) => topic('user-ada-lovelace', name, { kind: 'user', followed: true }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <FollowAuthors authors={['Ada Lovelace', 'Alan Turing']} />
      </SendContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ada Lovelace' }));
    const link = await screen.findByRole('link', { name: 'Following: their papers' });
    expect(link.getAttribute('href')).toBe('/topic.html?id=user-ada-lovelace');
    expect(bg.callsOf('author.follow')).toEqual([{ name: 'Ada Lovelace' }]);
    expect(screen.getByRole('button', { name: 'Follow Alan Turing' })).toBeTruthy();
  });

  it('says why a follow failed', async () => {
    const bg = fakeBackground({});
    render(
      <SendContext.Provider value={bg.send}>
        <FollowAuthors authors={['Ada Lovelace']} />
      </SendContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Follow Ada Lovelace' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not follow'));
  });
});
