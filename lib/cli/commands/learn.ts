import { type LearnedTopic, learnTopic } from '../../discover/learn';
import { encodeBackground } from '../../discover/learn-topic';
import { loadPack } from '../../topics/pack/load';
import { compileQuery } from '../../topics/query';
import { tagPaper, userTopicId } from '../../topics/scoring/tagger';
import { type CliCommand, CliError, parseArgs } from '../command';
import { readPapersFile } from '../read-papers';

/**
 * `pulse learn EXAMPLES --corpus FILE [--name NAME]`: one JSON object, a user topic `{id, name, query, ...}`
 * learned from the example papers against the corpus, that `pulse tag --topics` accepts in its list.
 */
export const learnCommand: CliCommand = {
  usage: 'EXAMPLES --corpus FILE [--name NAME]   (both JSONL papers; at least 2 examples)',
  async run(args, out) {
    const { positional, options } = parseArgs(args, ['corpus', 'name']);
    if (positional.length !== 1) throw new CliError('learn needs exactly one EXAMPLES file');
    if (options.corpus === undefined) throw new CliError('learn needs --corpus FILE');
    const examples = await readPapersFile(positional[0]!);
    if (examples.length < 2) throw new CliError(`${positional[0]}: learn needs at least 2 example papers`);
    const background = encodeBackground(await readPapersFile(options.corpus));
    const pack = loadPack();
    const learned: LearnedTopic = learnTopic(
      examples,
      background,
      (paper) =>
        tagPaper(paper, pack)
          .map((tag) => pack.byId.get(tag.topicId))
          .filter((topic) => topic?.kind === 'fine')
          .map((topic) => topic!),
      userTopicId,
      options.name === undefined ? {} : { name: options.name },
    );
    // The contract: `pulse tag --topics` must accept it, so a query that does not compile is a bug here.
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error(`learned a query that does not compile: ${compiled.error.message}`);
    out(JSON.stringify(learned));
    return 0;
  },
};
