import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as settings from '@/lib/settings';
import { ARXIV_CATEGORIES } from '@/lib/topics/data/categories';

const { DEFAULT_SETTINGS, readSettings, settingsItem } = settings;

beforeEach(() => fakeBrowser.reset());

const many = (n: number) => ARXIV_CATEGORIES.slice(0, n).map((c) => c.id);

describe('stored settings', () => {
  it('never replaces invalid stored settings by the defaults silently: the old value is kept, and says why', async () => {
    const stored = { ...DEFAULT_SETTINGS, categories: many(41), historyWeeks: 12 };
    await settingsItem().setValue(stored);
    const read = await readSettings();
    // The user's categories, not the defaults: the first 40 of them.
    expect(read.categories).toEqual(many(40));
    expect(read.historyWeeks).toBe(12);
    const kept = await settings.rejectedSettingsItem().getValue();
    expect(kept?.value).toEqual(stored);
    expect(kept?.problems.join(' ')).toMatch(/categories: at most 40/);
  });

  it('keeps what it can of each field (a number out of range is clamped, not reset)', async () => {
    await settingsItem().setValue({ ...DEFAULT_SETTINGS, refreshHours: 200, historyWeeks: 'x' } as never);
    const read = await readSettings();
    expect(read.refreshHours).toBe(72);
    expect(read.historyWeeks).toBe(DEFAULT_SETTINGS.historyWeeks);
  });

  it('writes through updateSettings only what validates, with a clear error otherwise', async () => {
    await expect(
      settings.updateSettings((s) => ({ ...s, categories: [...s.categories, ...many(40)] })),
    ).rejects.toThrow(/at most 40/);
    expect((await settingsItem().getValue()).categories).toEqual(DEFAULT_SETTINGS.categories);
  });

  it('serializes read-modify-write: concurrent updates all land', async () => {
    const adds = many(10).filter((c) => !DEFAULT_SETTINGS.categories.includes(c));
    await Promise.all(
      adds.map((c) => settings.updateSettings((s) => ({ ...s, categories: [...s.categories, c] }))),
    );
    expect((await readSettings()).categories).toEqual([...DEFAULT_SETTINGS.categories, ...adds]);
  });
});
