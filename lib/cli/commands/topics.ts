import { loadPack } from '../../topics/load-pack';
import { type CliCommand, CliError } from '../command';

/** `pulse topics`: the pack, one JSON line per topic (fine topics, then arXiv categories). */
export const topicsCommand: CliCommand = {
  usage: '   (prints the topic pack, one JSON line per topic)',
  async run(args, out) {
    if (args.length > 0) throw new CliError(`topics takes no arguments (got ${args.join(' ')})`);
    for (const t of loadPack().topics) {
      out(
        JSON.stringify({
          id: t.id,
          name: t.name,
          aliases: t.aliases,
          parents: t.parents,
          description: t.description,
        }),
      );
    }
    return 0;
  },
};
