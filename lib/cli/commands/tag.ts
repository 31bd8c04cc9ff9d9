import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type Catalog, createCatalog } from '../../topics/catalog';
import { loadPack } from '../../topics/load-pack';
import { staleScorerReason, TopicScorerSchema } from '../../topics/scoring/topic-scorer';
import type { Evidence } from '../../topics/types';
import { type CliCommand, CliError, parseArgs } from '../command';
import { readPapersFile } from '../read-papers';

/** One output line of `pulse tag`, fields in the order of DESIGN.md's CLI contract. */
export interface TagLine {
  id: string;
  topics: { id: string; name: string; score: number; evidence: Evidence[] }[];
}

/** `pulse tag FILE [--topics USER_TOPICS.json]`: one JSON line per paper. */
export const tagCommand: CliCommand = {
  usage: 'FILE [--topics USER_TOPICS.json]   (FILE: JSONL papers or an arXiv Atom feed)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['topics']);
    if (positional.length !== 1) throw new CliError('tag needs exactly one FILE');
    const catalog = createCatalog(loadPack());
    const user = options.topics ? await readUserTopicsFile(options.topics, catalog) : NO_USER_TOPICS;
    for (const paper of await readPapersFile(positional[0]!)) {
      const line: TagLine = {
        id: paper.id,
        topics: catalog.tag(paper).map((tag) => ({
          id: user.givenId.get(tag.topicId) ?? tag.topicId,
          name: catalog.name(tag.topicId),
          score: tag.score,
          evidence: tag.evidence,
        })),
      };
      out(JSON.stringify(line));
    }
    return 0;
  },
};

const UserTopicsFileSchema = z
  .array(
    z.object({
      id: z.string().min(1).max(100),
      name: z.string().max(200),
      query: z.string().max(5000),
      // What `pulse learn` prints beside the query (lib/topics/scoring/topic-scorer.ts).
      scorer: TopicScorerSchema.optional(),
    }),
  )
  .max(1000);

export interface UserTopicsFile {
  /** Internal `user-cli-N` id -> the id the file gave. */
  givenId: ReadonlyMap<string, string>;
  /** The id the file gave -> internal id. */
  internalId: ReadonlyMap<string, string>;
}

const NO_USER_TOPICS: UserTopicsFile = { givenId: new Map(), internalId: new Map() };

/**
 * `--topics FILE`: a JSON list of `{id, name, query}`, each with an optional learned `scorer`. Ids in the file are free-form (the extension's own are
 * `user-<slug>`), so each topic is compiled under an internal id and reported under its own. A bad query is
 * an error naming the topic and the position. The topics are installed in `catalog` (tagged and named there).
 */
export async function readUserTopicsFile(path: string, catalog: Catalog): Promise<UserTopicsFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code ? `cannot read ${path}: ${code}` : `${path}: not valid JSON`);
  }
  const parsed = UserTopicsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${path}: ${issue?.path.join('.') || 'topics'}: ${issue?.message}`);
  }
  for (const topic of parsed.data) {
    const stale = topic.scorer && staleScorerReason(topic.scorer);
    // Not an error: the topic is still matched, by its query (as the extension does).
    if (stale) process.stderr.write(`pulse: ${path}: topic ${topic.id}: ${stale}\n`);
  }
  const givenId = new Map<string, string>();
  const internalId = new Map<string, string>();
  parsed.data.forEach((topic, i) => {
    if (catalog.get(topic.id)) throw new CliError(`${path}: topic ${topic.id}: the pack already has this id`);
    if (internalId.has(topic.id)) throw new CliError(`${path}: topic ${topic.id}: two topics have this id`);
    givenId.set(`user-cli-${i + 1}`, topic.id);
    internalId.set(topic.id, `user-cli-${i + 1}`);
  });
  // Named by the file's id when the name is blank.
  const [error] = catalog.setUserTopics(
    parsed.data.map((t, i) => ({
      id: `user-cli-${i + 1}`,
      name: t.name.trim() || t.id,
      query: t.query,
      ...(t.scorer ? { scorer: t.scorer } : {}),
    })),
  );
  if (error) {
    const id = givenId.get(error.id) ?? error.id;
    throw new CliError(`${path}: topic ${id}: ${error.message} (at position ${error.position})`);
  }
  return { givenId, internalId };
}
