/** One CLI command: parses its own arguments, writes JSON lines through `out`, returns the exit code. */
export interface CliCommand {
  usage: string;
  run(args: string[], out: (line: string) => void): Promise<number>;
}

/** A usage or input problem: main prints the message to stderr and exits non-zero. */
export class CliError extends Error {}

/** `--name value` options and positional arguments, nothing cleverer. */
export function parseArgs(args: string[], valued: readonly string[]) {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const name = arg.slice(2);
      if (!valued.includes(name)) throw new CliError(`unknown option ${arg}`);
      const value = args[++i];
      if (value === undefined) throw new CliError(`option ${arg} needs a value`);
      options[name] = value;
    } else positional.push(arg);
  }
  return { positional, options };
}
