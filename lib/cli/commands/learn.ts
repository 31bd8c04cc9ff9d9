import { type LearnedTopic, learnTopic } from '../../discover/learn';
import { encodeBackground } from '../../discover/learn-topic';
import { drawScorerPool, learnTopicScorer } from '../../discover/learn-topic-scorer';
import type { TaggableText } from '../../paper';
import { loadPack } from '../../topics/load-pack';
import { compileQuery } from '../../topics/query';
import { tagPaper, userTopicId } from '../../topics/tagger';
import { type CliCommand, CliError, parseArgs } from '../command';
import { type CliPaper, readPapersFile } from '../read-papers';

/**
 * `pulse learn EXAMPLES --corpus FILE [--name NAME]`: one JSON object, a user topic `{id, name, query, ...}`
 * learned from the example papers against the corpus, with its learned `scorer` when the corpus is large
 * enough to place its thresholds (MIN_HELD_OUT), that `pulse tag --topics` accepts in its list and matches as
 * the extension does.
 */
export const learnCommand: CliCommand = {
  usage: 'EXAMPLES --corpus FILE [--name NAME]   (both JSONL papers; at least 2 examples)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['corpus', 'name']);
    if (positional.length !== 1) throw new CliError('learn needs exactly one EXAMPLES file');
    if (options.corpus === undefined) throw new CliError('learn needs --corpus FILE');
    const pack = loadPack();
    const fineTopics = (paper: TaggableText) =>
      tagPaper(paper, pack)
        .map((tag) => pack.byId.get(tag.topicId))
        .filter((topic) => topic?.kind === 'fine')
        .map((topic) => topic!);
    // Tagged as the index tags them, so the learned query can name a pack topic (`topic:ID`).
    const tagged = (papers: CliPaper[]) =>
      papers.map((p) => ({ ...p, topics: fineTopics(p).map((t) => t.id) }));
    const examples = tagged(await readPapersFile(positional[0]!));
    if (examples.length < 2) throw new CliError(`${positional[0]}: learn needs at least 2 example papers`);
    const corpus = tagged(await readPapersFile(options.corpus));
    const background = encodeBackground(corpus);
    const learned: LearnedTopic = learnTopic(
      examples,
      background,
      fineTopics,
      userTopicId,
      options.name === undefined ? {} : { name: options.name },
    );
    // The contract: `pulse tag --topics` must accept it, so a query that does not compile is a bug here.
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error(`learned a query that does not compile: ${compiled.error.message}`);
    // The scorer beside the query, as the extension learns it (none when the corpus is too small for it).
    const scorer = learnTopicScorer(examples, [], drawScorerPool(corpus));
    out(JSON.stringify(scorer ? { ...learned, scorer } : learned));
    return 0;
  },
};
