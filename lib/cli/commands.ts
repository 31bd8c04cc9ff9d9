import type { CliCommand } from './command';

/** The command map: name -> command. Each command lives in its own file under commands/. */
export const COMMANDS: Record<string, CliCommand> = {};
