import type { TopicSummary } from '../messages/schemas';

export type FilterMode = 'all' | 'followed' | 'unmuted';

export interface FilterCounts {
  all: number;
  /** Entries with at least one followed topic. */
  followed: number;
  /** Entries without a muted topic (entries whose topics are not known yet count as unmuted). */
  unmuted: number;
}

/** One listing entry as the filter sees it: its topic ids once known. */
export interface FilterEntry {
  entry: Element;
  topicIds: readonly string[] | null;
}

export interface EntryFlags {
  followed: boolean;
  muted: boolean;
}

export function flagsOf(entry: FilterEntry, topicOf: (id: string) => TopicSummary | undefined): EntryFlags {
  let followed = false;
  let muted = false;
  for (const id of entry.topicIds ?? []) {
    const topic = topicOf(id);
    if (topic?.followed) followed = true;
    if (topic?.muted) muted = true;
  }
  return { followed, muted };
}

export function countEntries(flags: readonly EntryFlags[]): FilterCounts {
  let followed = 0;
  let muted = 0;
  for (const f of flags) {
    if (f.followed) followed++;
    if (f.muted) muted++;
  }
  return { all: flags.length, followed, unmuted: flags.length - muted };
}

/** Whether an entry shows under a filter (one whose topics are not known yet is neither followed nor muted). */
export function isShown(mode: FilterMode, flags: EntryFlags): boolean {
  if (mode === 'all') return true;
  return mode === 'followed' ? flags.followed : !flags.muted;
}
