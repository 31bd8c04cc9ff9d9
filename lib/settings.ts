import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** The most arXiv categories the index covers (each one is a backfill of its own). */
export const MAX_CATEGORIES = 40;
const CATEGORY_ID = /^[a-z-]+(\.[A-Za-z-]+)?$/;

/** What the user sets on the options page. One versioned storage item; the background watches it. */
export const SettingsSchema = z.object({
  /** arXiv categories the index covers (the denominator of "share"). */
  categories: z
    .array(z.string().regex(CATEGORY_ID))
    .min(1)
    .max(MAX_CATEGORIES, `at most ${MAX_CATEGORIES} categories`),
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

const RANGES = { historyWeeks: [8, 52], refreshHours: [6, 72] } as const;

/** A stored value that did not validate, kept as it was, with what was wrong (the options page shows it). */
export interface RejectedSettings {
  value: unknown;
  problems: string[];
  at: number;
}

let item: ReturnType<typeof defineSettingsItem> | undefined;
function defineSettingsItem() {
  return storage.defineItem<Settings>('local:settings', { fallback: DEFAULT_SETTINGS, version: 1 });
}
let rejectedItem: ReturnType<typeof defineRejectedItem> | undefined;
function defineRejectedItem() {
  return storage.defineItem<RejectedSettings | null>('local:settingsRejected', { fallback: null });
}

/**
 * The storage items, defined on first use: a versioned item starts its migration check when defined, which
 * needs the browser, and lib/ touches no browser global at import time.
 */
export function settingsItem() {
  item ??= defineSettingsItem();
  return item;
}
export function rejectedSettingsItem() {
  rejectedItem ??= defineRejectedItem();
  return rejectedItem;
}

/**
 * The settings to use for a stored value, and what was wrong with it. A bad field keeps what it can of
 * the user's value (the first 40 valid categories, a number clamped into its range) before any default.
 */
export function repairSettings(raw: unknown): { settings: Settings; problems: string[] } {
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...(isObject ? raw : {}) };
  const problems = isObject || raw == null ? [] : ['settings: not an object'];
  const parsed = SettingsSchema.safeParse(merged);
  if (parsed.success) return { settings: parsed.data, problems };
  for (const issue of parsed.error.issues) {
    problems.push(`${issue.path.join('.') || 'settings'}: ${issue.message}`);
    const key = issue.path[0] as keyof Settings;
    merged[key] = repairField(key, merged[key]);
  }
  return { settings: SettingsSchema.parse(merged), problems };
}

function repairField(key: keyof Settings, value: unknown): unknown {
  if (key === 'categories' && Array.isArray(value)) {
    const valid = value.filter((c): c is string => typeof c === 'string' && CATEGORY_ID.test(c));
    const kept = [...new Set(valid)].slice(0, MAX_CATEGORIES);
    return kept.length > 0 ? kept : DEFAULT_SETTINGS.categories;
  }
  if (
    (key === 'historyWeeks' || key === 'refreshHours') &&
    typeof value === 'number' &&
    Number.isFinite(value)
  ) {
    const [min, max] = RANGES[key];
    return Math.min(max, Math.max(min, Math.round(value)));
  }
  return DEFAULT_SETTINGS[key];
}

/**
 * Settings as stored, repaired where they do not validate; never throws. An invalid stored value is never
 * dropped in silence: it is kept (rejectedSettingsItem) with its problems before anything can overwrite it.
 */
export async function readSettings(): Promise<Settings> {
  const raw = (await settingsItem().getValue()) as unknown;
  const { settings, problems } = repairSettings(raw);
  if (problems.length > 0) await keepRejected(raw, problems);
  return settings;
}

async function keepRejected(value: unknown, problems: string[]): Promise<void> {
  const known = await rejectedSettingsItem().getValue();
  if (known && JSON.stringify(known.value) === JSON.stringify(value)) return;
  console.warn('PaperPulse: the stored settings did not validate; repaired, the old value is kept', problems);
  await rejectedSettingsItem().setValue({ value, problems, at: Date.now() });
}

/** A change the settings cannot take (too many categories, say); nothing was written. */
export class SettingsError extends Error {}

const LOCK_NAME = 'paperpulse-settings';
let queue: Promise<unknown> = Promise.resolve();

/**
 * One settings read-modify-write at a time. The worker and the options page both write: Web Locks order
 * them across the extension's contexts (same origin); where there are none (Node), a queue in this context.
 */
export function withSettingsLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (locks) return locks.request(LOCK_NAME, fn) as Promise<T>;
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Read-modify-write under the lock. `change` may throw to refuse; what it returns is validated before it is
 * written, so nothing invalid is ever stored. Returning `current` itself writes nothing.
 */
export function createSettingsUpdater(
  read: () => Promise<Settings>,
  write: (settings: Settings) => Promise<void>,
  lock: <T>(fn: () => Promise<T>) => Promise<T> = withSettingsLock,
) {
  return (change: (current: Settings) => Settings): Promise<Settings> =>
    lock(async () => {
      const current = await read();
      const next = change(current);
      if (next === current) return current;
      const parsed = SettingsSchema.safeParse(next);
      if (!parsed.success) {
        const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        throw new SettingsError(`Settings not saved: ${why}`);
      }
      await write(parsed.data);
      return parsed.data;
    });
}

/** The browser's settings, changed atomically (the options page and the background both use it). */
export const updateSettings = createSettingsUpdater(readSettings, (settings) =>
  settingsItem().setValue(settings),
);
