import type { Backup } from './backup';
import type { Settings } from './settings';
import { MAX_SAVED } from './store/saved';
import { compileQuery } from './topics/query';

/** Importing a backup: what it would change, and whether this version and the user's data can take it. */

export interface CurrentData {
  settings: Settings;
  follows: ReadonlySet<string>;
  mutes: ReadonlySet<string>;
  userTopics: ReadonlyMap<string, { name: string; query: string; scorer?: unknown }>;
  saved?: ReadonlySet<string>;
  /** Topics taken off each paper. */
  corrections?: (paperId: string) => ReadonlySet<string> | undefined;
}

/**
 * What importing `backup` would change, in words. Import adds the file's follows, mutes, custom topics and
 * saved papers to the current ones (nothing is removed; a paper already saved keeps its read mark) and
 * takes its settings.
 */
export function describeImport(backup: Backup, current: CurrentData, name: (id: string) => string): string[] {
  const changes: string[] = [];
  for (const f of backup.follows)
    if (!current.follows.has(f.topicId)) changes.push(`Follow ${name(f.topicId)}`);
  for (const id of backup.mutes) if (!current.mutes.has(id)) changes.push(`Mute ${name(id)}`);
  for (const t of backup.userTopics) {
    const mine = current.userTopics.get(t.id);
    if (!mine) changes.push(`Add custom topic ${t.name}`);
    else if (mine.query !== t.query || mine.name !== t.name || scorerChanges(mine.scorer, t.scorer))
      changes.push(`Update custom topic ${t.name}`);
  }
  for (const paper of backup.saved ?? [])
    if (!current.saved?.has(paper.id)) changes.push(`Save arXiv:${paper.id} ${paper.title}`.trim());
  for (const { paperId, topics } of backup.corrections ?? []) {
    for (const t of topics)
      if (!current.corrections?.(paperId)?.has(t)) changes.push(`Not ${name(t)} for arXiv:${paperId}`);
  }
  for (const key of Object.keys(backup.settings) as (keyof Settings)[]) {
    const from = JSON.stringify(current.settings[key]);
    const to = JSON.stringify(backup.settings[key]);
    if (from !== to) changes.push(`Setting ${key}: ${from} → ${to}`);
  }
  return changes;
}

/** A file's topic without a scorer keeps the one stored (mergeBackup): only a different scorer is a change. */
const scorerChanges = (mine: unknown, theirs: unknown) =>
  theirs !== undefined && JSON.stringify(mine) !== JSON.stringify(theirs);

/** Custom topics kept at most: each is matched against every paper indexed, so their number is bounded. */
export const MAX_USER_TOPICS = 200;

/** What this version of PaperPulse knows: topics of its pack and arXiv categories. */
export interface KnownIds {
  topic(id: string): boolean;
  category(id: string): boolean;
}

export type ImportCheck =
  | { ok: true; backup: Backup; changes: string[]; skipped: string[] }
  | { ok: false; error: string };

/**
 * Checks an import against this version and the user's data: a custom topic whose query does not compile,
 * or too many custom topics, rejects the whole file; follows, mutes and categories this version does not
 * know are left out and listed in `skipped`, so the preview shows them and nothing unknown is stored.
 * `backup` is what importing does: the file without the unknowns.
 */
export function checkImport(
  backup: Backup,
  current: CurrentData,
  known: KnownIds,
  name: (id: string) => string,
): ImportCheck {
  for (const topic of backup.userTopics) {
    const compiled = compileQuery(topic.query);
    if (!compiled.ok) {
      const { message, position } = compiled.error;
      return {
        ok: false,
        error: `Custom topic "${topic.name}": ${message} (at character ${position + 1} of its query)`,
      };
    }
  }
  const added = backup.userTopics.filter((t) => !current.userTopics.has(t.id)).length;
  if (current.userTopics.size + added > MAX_USER_TOPICS) {
    return {
      ok: false,
      error: `The file adds ${added} custom topics to your ${current.userTopics.size}: PaperPulse keeps at most ${MAX_USER_TOPICS}`,
    };
  }
  const newSaved = (backup.saved ?? []).filter((p) => !current.saved?.has(p.id)).length;
  const mine = current.saved?.size ?? 0;
  if (mine + newSaved > MAX_SAVED) {
    const [n, have, most] = [newSaved, mine, MAX_SAVED].map((x) => x.toLocaleString('en-US'));
    return {
      ok: false,
      error: `The file adds ${n} saved papers to your ${have}: PaperPulse keeps at most ${most}`,
    };
  }
  const userIds = new Set([...current.userTopics.keys(), ...backup.userTopics.map((t) => t.id)]);
  const isTopic = (id: string) => userIds.has(id) || known.topic(id);
  const skipped: string[] = [];
  const unknownTopic = (what: string) => (id: string) => {
    if (isTopic(id)) return true;
    skipped.push(`${what} "${id}": no such topic in this version of PaperPulse`);
    return false;
  };
  const follows = backup.follows.filter((f) => unknownTopic('Follow')(f.topicId));
  const mutes = backup.mutes.filter(unknownTopic('Mute'));
  const corrections = backup.corrections
    ?.map((c) => ({ ...c, topics: c.topics.filter(unknownTopic(`Not this topic on arXiv:${c.paperId}`)) }))
    .filter((c) => c.topics.length > 0);
  let categories = backup.settings.categories.filter((c) => {
    if (known.category(c)) return true;
    skipped.push(`Track "${c}": not an arXiv category PaperPulse knows`);
    return false;
  });
  if (categories.length === 0) {
    categories = [...current.settings.categories];
    skipped.push('None of its categories is known: your tracked categories stay as they are');
  }
  const checked: Backup = { ...backup, follows, mutes, settings: { ...backup.settings, categories } };
  if (corrections) checked.corrections = corrections;
  return { ok: true, backup: checked, changes: describeImport(checked, current, name), skipped };
}
