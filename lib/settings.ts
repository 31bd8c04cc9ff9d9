import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** What the user sets on the options page. One versioned storage item; the background watches it. */
export const SettingsSchema = z.object({
  /** arXiv categories the index covers (the denominator of "share"). */
  categories: z
    .array(z.string().regex(/^[a-z-]+(\.[A-Za-z-]+)?$/))
    .min(1)
    .max(40),
  /** How far back the backfill goes, in weeks (momentum needs 8, the weekly chart 12). */
  historyWeeks: z.number().int().min(8).max(52),
  /** Hours between incremental refreshes; arXiv announces once a day. */
  refreshHours: z.number().int().min(6).max(72),
  /** Desktop notifications when followed topics get new papers. */
  notifications: z.boolean(),
  /** The generic `citation_*` adapter on every site (needs optional host permissions). */
  extraSites: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  categories: ['cs.AI', 'cs.LG', 'cs.CL'],
  historyWeeks: 12,
  refreshHours: 12,
  notifications: false,
  extraSites: false,
};

let item: ReturnType<typeof defineSettingsItem> | undefined;
function defineSettingsItem() {
  return storage.defineItem<Settings>('local:settings', { fallback: DEFAULT_SETTINGS, version: 1 });
}

/**
 * The storage item, defined on first use: a versioned item starts its migration check when defined, which
 * needs the browser, and lib/ touches no browser global at import time.
 */
export function settingsItem() {
  item ??= defineSettingsItem();
  return item;
}

/** Settings as stored, repaired field by field: a bad value falls back to its default, never throws. */
export async function readSettings(): Promise<Settings> {
  const raw = (await settingsItem().getValue()) as unknown;
  const merged = { ...DEFAULT_SETTINGS, ...(typeof raw === 'object' && raw ? raw : {}) };
  const parsed = SettingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Settings;
    repaired[key] = DEFAULT_SETTINGS[key];
  }
  return SettingsSchema.parse(repaired);
}
