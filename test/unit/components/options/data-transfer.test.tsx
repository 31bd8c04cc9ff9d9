// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTransfer, MAX_IMPORT_BYTES, readImportFile } from '@/components/options/data-transfer';
import { SendContext } from '@/components/use-message';
import { type Backup, parseBackup } from '@/lib/backup';
import { checkImport } from '@/lib/backup-import';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { type FakeHandlers, fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const GOOD: Backup = {
  format: 'paperpulse-backup',
  version: 1,
  exportedAt: '2026-10-05T08:00:00.000Z',
  settings: { ...DEFAULT_SETTINGS, categories: ['cs.AI', 'cs.RO'] },
  follows: [
    { topicId: 'agentic-rl', followedAt: 1_780_000_000_000, seenUntil: 1_780_000_000_000 },
    { topicId: 'world-models', followedAt: 1_780_000_000_000, seenUntil: 1_780_000_000_000 },
  ],
  mutes: [],
  userTopics: [{ id: 'user-robots', name: 'Robots', query: 'cat:cs.RO' }],
};

/** The background's own check and wording (lib/backup), against a user who has nothing yet. */
const importHandler: FakeHandlers['data.import'] = ({ file, apply }) => {
  const parsed = parseBackup(file);
  if (!parsed.ok) return parsed;
  const current = {
    settings: DEFAULT_SETTINGS,
    follows: new Set<string>(),
    mutes: new Set<string>(),
    userTopics: new Map(),
  };
  // This version knows every topic but `retired-topic`, and every category but cs.XX.
  const known = { topic: (id: string) => id !== 'retired-topic', category: (id: string) => id !== 'cs.XX' };
  const checked = checkImport(parsed.backup, current, known, (id) => id);
  if (!checked.ok) return checked;
  return { ok: true, changes: checked.changes, skipped: checked.skipped, applied: apply };
};

function chooseFile(text: string, name = 'export.json') {
  const input = document.querySelector<HTMLInputElement>('[data-import-file]')!;
  Object.defineProperty(input, 'files', {
    value: [new File([text], name, { type: 'application/json' })],
    configurable: true,
  });
  fireEvent.change(input);
}

function renderTransfer(handlers: FakeHandlers = {}) {
  const onImported = vi.fn();
  const download = vi.fn();
  const bg = fakeBackground({
    'data.import': importHandler,
    'data.export': () => ({ file: GOOD }),
    ...handlers,
  });
  render(
    <SendContext.Provider value={bg.send}>
      <DataTransfer onImported={onImported} download={download} today={() => '2026-10-05'} />
    </SendContext.Provider>,
  );
  return { bg, onImported, download };
}

describe('export', () => {
  it('downloads the background’s export as dated, readable JSON', async () => {
    const { download } = renderTransfer();
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [filename, text] = download.mock.calls[0]!;
    expect(filename).toBe('paperpulse-2026-10-05.json');
    expect(JSON.parse(text)).toEqual(GOOD);
  });

  it('says what the export shortened to fit one file', async () => {
    const note = 'The author lists of 3 papers were shortened to their first 10 authors to fit one file.';
    const { download } = renderTransfer({ 'data.export': () => ({ file: GOOD, note }) });
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toBe(note);
  });

  it('says when the export fails', async () => {
    renderTransfer({
      'data.export': () => {
        throw new Error('database closed');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export to a file' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Export failed: database closed');
  });
});

describe('import', () => {
  it('changes nothing on a file that is not JSON, and says why', async () => {
    const { bg, onImported } = renderTransfer();
    chooseFile('{"format": "paperpulse-export", ');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Nothing was changed: The file is not valid JSON/,
    );
    expect(bg.callsOf('data.import')).toEqual([]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('changes nothing on JSON the background rejects, and says why', async () => {
    const { bg, onImported } = renderTransfer();
    chooseFile(JSON.stringify({ hello: 'world' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Nothing was changed: Not a valid PaperPulse export/,
    );
    expect(bg.callsOf('data.import')).toEqual([{ file: { hello: 'world' }, apply: false }]);
    expect(screen.queryByRole('region', { name: 'Changes the import will make' })).toBeNull();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('previews the changes of a good file and applies them only when asked', async () => {
    const { bg, onImported } = renderTransfer();
    chooseFile(JSON.stringify(GOOD), 'mine.json');
    const preview = await screen.findByRole('region', { name: 'Changes the import will make' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Follow agentic-rl',
      'Follow world-models',
      'Add custom topic Robots',
      'Setting categories: ["cs.AI","cs.LG","cs.CL"] → ["cs.AI","cs.RO"]',
    ]);
    expect(bg.callsOf('data.import')).toEqual([{ file: GOOD, apply: false }]);
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply these changes' }));
    expect(await screen.findByText('Imported mine.json: 4 changes made.')).toBeTruthy();
    expect(bg.callsOf('data.import')).toEqual([
      { file: GOOD, apply: false },
      { file: GOOD, apply: true },
    ]);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows what the file holds that this version does not know, and that it is left out', async () => {
    const { onImported } = renderTransfer();
    const file: Backup = {
      ...GOOD,
      settings: { ...GOOD.settings, categories: ['cs.AI', 'cs.XX'] },
      follows: [...GOOD.follows, { topicId: 'retired-topic', followedAt: 1, seenUntil: 1 }],
    };
    chooseFile(JSON.stringify(file), 'old.json');
    const preview = await screen.findByRole('region', { name: 'Changes the import will make' });
    const left = within(preview).getByRole('list', { name: 'Not imported' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Follow "retired-topic": no such topic in this version of PaperPulse',
      'Track "cs.XX": not an arXiv category PaperPulse knows',
    ]);
    fireEvent.click(within(preview).getByRole('button', { name: 'Apply these changes' }));
    expect(
      await screen.findByText(
        'Imported old.json: 4 changes made; 2 entries left out (unknown to this version).',
      ),
    ).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('says what is left out when that is all a file holds', async () => {
    renderTransfer({
      'data.import': () => ({
        ok: true,
        changes: [],
        skipped: ['Mute "gone": no such topic'],
        applied: false,
      }),
    });
    chooseFile(JSON.stringify(GOOD), 'same.json');
    expect(
      await screen.findByText(
        'same.json holds nothing new: nothing to change. Left out: Mute "gone": no such topic.',
      ),
    ).toBeTruthy();
  });

  it('cancels a previewed import without applying it', async () => {
    const { bg } = renderTransfer();
    chooseFile(JSON.stringify(GOOD));
    const preview = await screen.findByRole('region', { name: 'Changes the import will make' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Changes the import will make' })).toBeNull();
    expect(bg.callsOf('data.import')).toHaveLength(1);
  });

  it('says so when a file changes nothing', async () => {
    renderTransfer({ 'data.import': () => ({ ok: true, changes: [], skipped: [], applied: false }) });
    chooseFile(JSON.stringify(GOOD), 'same.json');
    expect(await screen.findByText('same.json holds nothing new: nothing to change.')).toBeTruthy();
  });

  it('refuses a huge file before reading it', async () => {
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_BYTES + 1 });
    const text = vi.spyOn(huge, 'text');
    const read = await readImportFile(huge);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.error).toContain('too large');
    expect(text).not.toHaveBeenCalled();
  });
});
