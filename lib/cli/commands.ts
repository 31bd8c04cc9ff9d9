import type { CliCommand } from './command';
import { momentumCommand } from './commands/momentum';

/** The command map: name -> command. Each command lives in its own file under commands/. */
export const COMMANDS: Record<string, CliCommand> = {
  momentum: momentumCommand,
};
