import { PROTOCOL, type ResponseOf } from '@/lib/messages/protocol';

export type EmergingAnswer = ResponseOf<'discover.emerging'>;

/**
 * The popup's last Emerging answer, kept in the extension's own localStorage so the next popup draws the
 * section in its first frame (the background's answer, asked as before, replaces it when it arrives). It is
 * a copy for drawing only: a value that does not parse as an answer is ignored, and storage that refuses
 * (quota, a browser setting) only costs that first frame.
 */
const KEY = 'paperpulse.popup.emerging';

export function readKeptEmerging(storage: Storage | undefined = safeStorage()): EmergingAnswer | undefined {
  try {
    const text = storage?.getItem(KEY);
    if (!text) return undefined;
    const parsed = PROTOCOL['discover.emerging'].response.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function keepEmerging(answer: EmergingAnswer, storage: Storage | undefined = safeStorage()): void {
  try {
    // The popup lists phrases only: paper rows are not kept.
    storage?.setItem(KEY, JSON.stringify({ ...answer, rows: [] }));
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
