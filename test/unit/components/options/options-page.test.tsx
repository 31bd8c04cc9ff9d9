// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OptionsPage } from '@/components/options/options-page';
import type { PermissionApi } from '@/components/options/permission-toggle';
import { SendContext } from '@/components/use-message';
import { DEFAULT_SETTINGS, settingsItem } from '@/lib/settings';
import { ARXIV_CATEGORIES } from '@/lib/topics/data/categories';
import { status } from '../../helpers/pages/builders';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

beforeEach(() => fakeBrowser.reset());
afterEach(cleanup);

function permissionApi(
  grant: boolean,
): PermissionApi & { request: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> } {
  return { request: vi.fn(async () => grant), remove: vi.fn(async () => true) };
}

function renderOptions(handlers: FakeHandlers = {}, permissions = permissionApi(true)) {
  const bg = fakeBackground({
    'status.get': () => status(),
    'userTopics.list': () => ({ topics: [] }),
    'mutes.list': () => ({ topics: [] }),
    'corrections.list': () => ({ corrections: [] }),
    ...handlers,
  });
  render(
    <SendContext.Provider value={bg.send}>
      <OptionsPage permissions={permissions} />
    </SendContext.Provider>,
  );
  return { bg, permissions };
}

const stored = () => settingsItem().getValue();

describe('options: tracked categories', () => {
  it('finds a category in the taxonomy, adds it and saves the list', async () => {
    renderOptions();
    const chosen = await screen.findByRole('list', { name: 'Chosen categories' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '').replace(/Remove.*/, '')),
    ).toEqual(['cs.AI', 'cs.LG', 'cs.CL']);
    fireEvent.input(screen.getByRole('searchbox', { name: 'Find a category' }), {
      target: { value: 'vision' },
    });
    const options = screen.getByRole('group', { name: 'arXiv categories' });
    const cv = within(options).getByRole('checkbox', {
      name: /cs\.CV Computer Vision and Pattern Recognition/,
    });
    expect(within(options).queryByRole('checkbox', { name: /cs\.CL/ })).toBeNull();
    fireEvent.click(cv);
    fireEvent.click(screen.getByRole('button', { name: 'Save categories' }));
    await waitFor(async () =>
      expect((await stored()).categories).toEqual(['cs.AI', 'cs.LG', 'cs.CL', 'cs.CV']),
    );
    expect(await screen.findByText(/New categories are being fetched/)).toBeTruthy();
  });

  it('refuses an empty list and says nothing matches an unknown filter', async () => {
    renderOptions();
    await screen.findByRole('list', { name: 'Chosen categories' });
    for (const id of ['cs.AI', 'cs.LG', 'cs.CL'])
      fireEvent.click(screen.getByRole('button', { name: `Remove ${id}` }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one category.');
    expect((screen.getByRole('button', { name: 'Save categories' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.input(screen.getByRole('searchbox', { name: 'Find a category' }), {
      target: { value: 'zzz-no' },
    });
    expect(screen.getByText(/No arXiv category matches “zzz-no”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    expect((await stored()).categories).toEqual(DEFAULT_SETTINGS.categories);
  });

  it('saves the history window and refresh interval at once', async () => {
    renderOptions();
    const history = (await screen.findByLabelText('History window')) as HTMLSelectElement;
    // What each feature needs of it, Emerging's sixteen weeks included.
    expect(document.getElementById(history.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Momentum needs 8 weeks, the weekly chart 12, Emerging 16/,
    );
    fireEvent.change(history, { target: { value: '26' } });
    await waitFor(async () => expect((await stored()).historyWeeks).toBe(26));
    fireEvent.change(screen.getByLabelText('Check arXiv for new papers every'), { target: { value: '24' } });
    await waitFor(async () => expect((await stored()).refreshHours).toBe(24));
  });
});

describe('options: stored settings that did not validate', () => {
  it('says so, shows the kept value, and keeps the user’s categories rather than the defaults', async () => {
    const categories = ARXIV_CATEGORIES.slice(0, 41).map((c) => c.id);
    await settingsItem().setValue({ ...DEFAULT_SETTINGS, categories });
    renderOptions();
    const alert = await screen.findByText(/Your stored settings did not validate/);
    expect(alert.textContent).toContain('categories: at most 40 categories');
    expect(document.querySelector('[data-rejected-settings] pre')!.textContent).toContain(categories[40]!);
    const chosen = await screen.findByRole('list', { name: 'Chosen categories' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(document.querySelector('[data-rejected-settings]')).toBeNull());
  });
});

describe('options: permissions', () => {
  it('keeps notifications off when the permission is refused', async () => {
    const { permissions } = renderOptions({}, permissionApi(false));
    const toggle = (await screen.findByRole('switch', { name: /Notify me/ })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Permission not granted, so this stays off.')).toBeTruthy();
    expect(permissions.request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    expect(toggle.checked).toBe(false);
    expect((await stored()).notifications).toBe(false);
  });

  it('turns notifications on when granted, and gives the permission back when off', async () => {
    const { permissions } = renderOptions();
    const toggle = (await screen.findByRole('switch', { name: /Notify me/ })) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(async () => expect((await stored()).notifications).toBe(true));
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(async () => expect((await stored()).notifications).toBe(false));
    expect(permissions.remove).toHaveBeenCalledWith({ permissions: ['notifications'] });
  });

  it('asks for access to all sites, and for scripting with it, only when extra sites are switched on', async () => {
    const { permissions } = renderOptions();
    const toggle = await screen.findByRole('switch', { name: /any site with citation metadata/ });
    expect(permissions.request).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    await waitFor(async () => expect((await stored()).extraSites).toBe(true));
    const needs = { permissions: ['scripting'], origins: ['https://*/*', 'http://*/*'] };
    expect(permissions.request).toHaveBeenCalledWith(needs);
    fireEvent.click(toggle);
    await waitFor(async () => expect((await stored()).extraSites).toBe(false));
    expect(permissions.remove).toHaveBeenCalledWith(needs);
  });
});

describe('options: reset the index', () => {
  it('asks first, and only deletes on confirmation', async () => {
    const { bg } = renderOptions({ 'index.reset': () => status({ papers: 0, running: true, progress: 0 }) });
    await screen.findByText(/12,345 papers indexed/);
    fireEvent.click(screen.getByRole('button', { name: 'Reset the index…' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete all 12,345 indexed papers');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bg.callsOf('index.reset')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset the index…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete and rebuild' }));
    expect(await screen.findByText(/being rebuilt from arXiv/)).toBeTruthy();
    expect(bg.callsOf('index.reset')).toEqual([{}]);
    expect(screen.getByText(/0 papers indexed/)).toBeTruthy();
  });
});

describe('options: disk use, keeping the index, work on stored papers', () => {
  function storageApi(persisted: boolean) {
    let kept = persisted;
    return {
      estimate: vi.fn(async () => ({ usage: 78_500_000, quota: 1e10 })),
      persisted: vi.fn(async () => kept),
      persist: vi.fn(async () => {
        kept = true;
        return true;
      }),
    };
  }

  function renderWith(storage: ReturnType<typeof storageApi>, handlers: FakeHandlers = {}) {
    const bg = fakeBackground({
      'status.get': () => status(),
      'userTopics.list': () => ({ topics: [] }),
      'mutes.list': () => ({ topics: [] }),
      ...handlers,
    });
    render(
      <SendContext.Provider value={bg.send}>
        <OptionsPage permissions={permissionApi(true)} storage={storage} />
      </SendContext.Provider>,
    );
    return bg;
  }

  it('shows the disk used per paper and asks the browser to keep the index', async () => {
    const storage = storageApi(false);
    renderWith(storage);
    const use = await waitFor(() => {
      const el = document.querySelector('[data-storage-use]');
      if (!el) throw new Error('not yet');
      return el;
    });
    expect(use.textContent).toBe('Disk used: 78.5 MB for 12,345 papers (about 6.4 KB a paper).');
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[data-storage-persisted]')!.getAttribute('data-storage-persisted')).toBe(
      'true',
    );
  });

  it('offers to keep the index when the browser declined, and shows re-tag progress while it runs', async () => {
    const storage = storageApi(false);
    storage.persist.mockImplementationOnce(async () => false);
    let checked = 30_000;
    renderWith(storage, {
      'status.get': () => {
        checked += 30_000;
        return status({ upkeep: { kind: 'retag', done: Math.min(checked, 150_000), total: 150_000 } });
      },
    });
    const keep = await screen.findByRole('button', { name: 'Keep the index' });
    fireEvent.click(keep);
    await waitFor(() => expect(document.querySelector('[data-storage-persisted="true"]')).not.toBeNull());
    const progress = await waitFor(() => {
      const el = document.querySelector('[data-upkeep="retag"]');
      if (!el) throw new Error('not yet');
      return el;
    });
    expect(progress.textContent).toMatch(
      /^Re-tagging papers for the updated topics: 60,000 of 150,000 papers \(40%\)/,
    );
    // Asked again while it runs.
    await waitFor(() => expect(document.querySelector('[data-upkeep-progress="60"]')).not.toBeNull(), {
      timeout: 4000,
    });
  });
});
