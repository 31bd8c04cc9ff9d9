import type { CliCommand } from './command';
import { discoverCommand } from './commands/discover';
import { explainCommand } from './commands/explain';
import { learnCommand } from './commands/learn';
import { momentumCommand } from './commands/momentum';
import { tagCommand } from './commands/tag';
import { topicsCommand } from './commands/topics';

/** The command map: name -> command. Each command lives in its own file under commands/. */
export const COMMANDS: Record<string, CliCommand> = {
  tag: tagCommand,
  topics: topicsCommand,
  explain: explainCommand,
  momentum: momentumCommand,
  discover: discoverCommand,
  learn: learnCommand,
};
