import { z } from 'zod';
import type { ResponseOf } from '@/lib/messages/protocol';
import { emergingStatus } from './emerging-text';

export type EmergingAnswer = ResponseOf<'discover.emerging'>;

const count = z.number().int().min(0);

/** What the popup's Emerging section draws: each phrase as text, and whether the index is still filling. */
const EmergingViewSchema = z.object({
  filling: z.boolean(),
  phrases: z
    .array(z.object({ phrase: z.string(), status: z.string(), recent: count, previous: count }))
    .max(20),
});

export type EmergingView = z.infer<typeof EmergingViewSchema>;

/** The section's view of the background's answer (its paper rows and weekly counts are not drawn). */
export function emergingView(answer: EmergingAnswer): EmergingView {
  return {
    filling: answer.index.filling,
    phrases: answer.phrases.map((phrase) => ({
      phrase: phrase.phrase,
      status: emergingStatus(phrase),
      recent: phrase.recent,
      previous: phrase.previous,
    })),
  };
}

/**
 * The popup's last Emerging section, kept in the extension's own localStorage so the next popup draws it in
 * its first render (the background's answer, asked as before, replaces it when it arrives). Only the drawn
 * text is kept, and its small shape is checked here: a value of another shape is ignored, and storage that
 * refuses (quota, a browser setting) only costs that first frame.
 */
const KEY = 'paperpulse.popup.emerging';

export function readKeptEmerging(storage: Storage | undefined = safeStorage()): EmergingView | undefined {
  try {
    const text = storage?.getItem(KEY);
    if (!text) return undefined;
    const parsed = EmergingViewSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function keepEmerging(view: EmergingView, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(KEY, JSON.stringify(view));
  } catch {
    // Not kept: the next popup waits for the background, as without a copy.
  }
}

/** After a phrase is dismissed the kept copy may still show it: dropped, so no popup draws it again. */
export function forgetKeptEmerging(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing kept that could be read either.
  }
}

/** `localStorage` itself throws in some contexts (storage disabled): treated as no storage. */
function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
