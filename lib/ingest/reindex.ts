import type { Paper } from '../paper';
import { annotationOf, readAnnotationShard, shardOf } from '../store/annotations';
import { type WriteResult, writePapers } from '../store/paper-writes';
import { readPapersAfter, readPapersById } from '../store/papers';
import type { AnnotationEntry, IndexDb, IndexedPaper, StoredPaper, StoredTag } from '../store/schema';
import { type ReindexState, reindexState } from '../store/sync-state';
import { type StoredTaggingState, tagState } from '../store/tag-state';
import { paperOf } from './to-stored';

/**
 * Papers read per request: reading a year's 150,000 rows 500 at a time took 13 s in Chromium, 5,000 at a
 * time 7.6 s (a request costs on top of the rows it returns). Bigger still would hold the worker longer in
 * one read (about 0.25 s per 5,000 rows).
 */
export const REINDEX_CHUNK = 2000;
/** Tagging time after which the re-tag lets the worker answer pending messages (pages wait at most this). */
export const REINDEX_SLICE_MS = 50;

export function indexTarget(signature: string, categories: readonly string[]): string {
  return `${signature}|${[...categories].sort().join(',')}`;
}

/**
 * How to re-tag only what changed (lib/topics/reach.ts, reach-test.ts): the tagging state in force, and
 * the test of the papers a change from an older state can reach (undefined: every paper is re-tagged).
 */
export interface ReachPlan {
  state: StoredTaggingState;
  test(old: StoredTaggingState): ((row: StoredPaper) => boolean) | undefined;
  /**
   * The ids of the rows `test` can pass, or more, sorted (lib/search/reach-candidates.ts: from the search
   * index's words); only these are read. Undefined: every row is read and tested.
   */
  candidates?(db: IndexDb, old: StoredTaggingState): Promise<string[] | undefined>;
}

interface Reach {
  test: (row: StoredPaper) => boolean;
  ids: string[] | undefined;
}

/**
 * The papers to re-tag: those `plan` says the change can reach when the index was last brought fully to
 * a state it recorded (a re-tag resumed keeps the choice it started with), else every paper.
 */
async function reachOf(
  db: IndexDb,
  saved: ReindexState,
  resumed: boolean,
  plan: ReachPlan | undefined,
): Promise<Reach | undefined> {
  if (!plan || !(resumed ? saved.reach === true : saved.done)) return undefined;
  const old = await tagState.read(db);
  const test = old && plan.test(old);
  return test && { test, ids: await plan.candidates?.(db, old) };
}

/**
 * The rows after `after` in id order (of `ids` only, when given), `chunk` at a time; the next chunk is read
 * while the caller works on this one (the store reads it meanwhile, beside the worker).
 */
async function* rowChunks(db: IndexDb, after: string | undefined, chunk: number, ids?: readonly string[]) {
  let start = ids && after !== undefined ? ids.findIndex((id) => id > after) : 0;
  if (start < 0) start = ids!.length;
  const read = (from: string | undefined) => {
    if (!ids) return readPapersAfter(db, from, chunk);
    start += chunk;
    return readPapersById(db, ids.slice(start - chunk, start));
  };
  let next = read(after);
  for (;;) {
    const rows = await next;
    const more = ids ? start < ids.length : rows.length === chunk;
    if (more) {
      next = read(rows.at(-1)?.id);
      // A failure of the caller leaves it unread: its rejection is not the re-tag's.
      next.catch(() => undefined);
    }
    yield rows;
    if (!more) return;
  }
}

/**
 * Re-tags the index after the topic pack, a user topic or the tracked categories changed. Papers are read
 * `chunk` at a time and tagged in slices of `REINDEX_SLICE_MS` (the worker answers pages between them). A
 * paper is rewritten only when what the index keeps of it changes (topics, tracked, topic keys, or its tags
 * in the annotation shard): a pack update changes a few percent of the papers' tags, and rewriting every
 * row (with its counts and shard entry) would be wasted. The changed ones are written one annotation shard at a time, so each shard (up to 10,000
 * papers' tags) is read and written once per re-tag rather than once per chunk. Each write is one
 * transaction with the cursor, so a stopped worker resumes after the last shard written.
 */
export async function reindex(
  db: IndexDb,
  target: string,
  toStored: (paper: Paper) => IndexedPaper,
  onWrite: (result: WriteResult) => void,
  chunk = REINDEX_CHUNK,
  /**
   * Papers checked so far (a resumed re-tag counts from where it stopped), after each chunk, and of how many
   * when only some are read (the candidates of a change).
   */
  onProgress: (checked: number, of?: number) => void = () => undefined,
  /** Between two slices of tagging: pending messages are answered (the background's waits for them too). */
  pause: () => Promise<void> = nextTask,
  /** Re-tag only what a change can reach (made only when there is a re-tag to do: a few hundred ms). */
  planned?: () => ReachPlan,
): Promise<{ rewritten: number; tagged: number }> {
  const saved = await reindexState.read(db);
  if (saved.target === target && saved.done) return alreadyDone(db, planned);
  const resumed = saved.target === target;
  const plan = planned?.();
  const reaches = await reachOf(db, saved, resumed, plan);
  let tagged = 0;
  let after = resumed ? saved.after : undefined;
  let checked = resumed ? (saved.checked ?? 0) : 0;
  let flushed = checked;
  let rewritten = 0;
  let shard: string | undefined;
  let entries: Record<string, AnnotationEntry> = {};
  let pending: IndexedPaper[] = [];
  const flush = async (through: string | undefined, done: boolean) => {
    const state: ReindexState = {
      target,
      after: through,
      done,
      checked: flushed,
      reach: reaches !== undefined,
    };
    const record = async (tx: Parameters<typeof reindexState.write>[0]) => {
      await reindexState.write(tx, state);
      if (done && plan) await tagState.write(tx, plan.state);
    };
    onWrite(await writePapers(db, pending, record));
    rewritten += pending.length;
    pending = [];
  };
  let sliceStart = performance.now();
  const of = reaches?.ids?.length;
  for await (const papers of rowChunks(db, after, chunk, reaches?.ids)) {
    for (const paper of papers) {
      if (performance.now() - sliceStart > REINDEX_SLICE_MS) {
        await pause();
        sliceStart = performance.now();
      }
      // A paper the change cannot reach keeps its tags: not tagged, not read further.
      if (reaches && !reaches.test(paper)) {
        after = paper.id;
        checked++;
        continue;
      }
      const next = shardOf(paper.id);
      // Ids sort by shard: a new shard means the last one is complete.
      if (next !== shard) {
        flushed = checked;
        if (shard !== undefined) await flush(after, false);
        shard = next;
        entries = await readAnnotationShard(db, next);
      }
      after = paper.id;
      checked++;
      tagged++;
      const stored = toStored(paperOf(paper));
      if (!unchanged(stored, paper, entries[paper.id])) pending.push(stored);
    }
    onProgress(checked, of);
  }
  flushed = checked;
  await flush(after, true);
  return { rewritten, tagged };
}

/** An index brought to its target before states were recorded is in the state in force: recorded once. */
async function alreadyDone(db: IndexDb, planned: (() => ReachPlan) | undefined) {
  if (planned && (await db.getKey('meta', tagState.key)) === undefined)
    await tagState.write(db, planned().state);
  return { rewritten: 0, tagged: 0 };
}

/** Resolves after the tasks already queued (pages' messages among them) have run. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the stored row and annotation entry already say what `tagged` says. */
function unchanged(tagged: IndexedPaper, row: StoredPaper, entry: AnnotationEntry | undefined): boolean {
  // Rows stored before topics existed have no `tracked` (undefined): they differ here, before their
  // missing topics are compared.
  return (
    entry !== undefined &&
    tagged.tracked === row.tracked &&
    sameStrings(tagged.topics, row.topics) &&
    sameStrings(tagged.topicKeys, row.topicKeys) &&
    sameTags(annotationOf(tagged).tags, entry.tags)
  );
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameTags(a: readonly StoredTag[], b: readonly StoredTag[]): boolean {
  return a.length === b.length && a.every((t, i) => t.id === b[i]!.id && t.score === b[i]!.score);
}
