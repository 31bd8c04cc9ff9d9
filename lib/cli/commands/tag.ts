import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type CompiledPack, loadPack } from '../../topics/pack/load';
import { type CompiledUserTopic, compileUserTopics, tagPaper } from '../../topics/scoring/tagger';
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
    const pack = loadPack();
    const user = options.topics ? await readUserTopicsFile(options.topics, pack) : NO_USER_TOPICS;
    for (const paper of await readPapersFile(positional[0]!)) {
      const line: TagLine = {
        id: paper.id,
        topics: tagPaper(paper, pack, user.compiled).map((tag) => ({
          id: user.givenId.get(tag.topicId) ?? tag.topicId,
          name: pack.byId.get(tag.topicId)?.name ?? user.names.get(tag.topicId) ?? tag.topicId,
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
  .array(z.object({ id: z.string().min(1).max(100), name: z.string().max(200), query: z.string().max(5000) }))
  .max(1000);

export interface UserTopicsFile {
  compiled: CompiledUserTopic[];
  /** Internal `user-cli-N` id -> the id the file gave. */
  givenId: ReadonlyMap<string, string>;
  /** Internal id -> display name. */
  names: ReadonlyMap<string, string>;
}

const NO_USER_TOPICS: UserTopicsFile = { compiled: [], givenId: new Map(), names: new Map() };

/**
 * `--topics FILE`: a JSON list of `{id, name, query}`. Ids in the file are free-form (the extension's own are
 * `user-<slug>`), so each topic is compiled under an internal id and reported under its own. A bad query is
 * an error naming the topic and the position.
 */
export async function readUserTopicsFile(path: string, pack: CompiledPack): Promise<UserTopicsFile> {
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
  const givenId = new Map<string, string>();
  const names = new Map<string, string>();
  const seen = new Set<string>();
  parsed.data.forEach((topic, i) => {
    if (pack.byId.has(topic.id))
      throw new CliError(`${path}: topic ${topic.id}: the pack already has this id`);
    if (seen.has(topic.id)) throw new CliError(`${path}: topic ${topic.id}: two topics have this id`);
    seen.add(topic.id);
    givenId.set(`user-cli-${i + 1}`, topic.id);
    names.set(`user-cli-${i + 1}`, topic.name.trim() || topic.id);
  });
  const { compiled, errors } = compileUserTopics(
    parsed.data.map((t, i) => ({ ...t, id: `user-cli-${i + 1}` })),
  );
  const [error] = errors;
  if (error) {
    const id = givenId.get(error.id) ?? error.id;
    throw new CliError(`${path}: topic ${id}: ${error.message} (at position ${error.position})`);
  }
  return { compiled, givenId, names };
}
