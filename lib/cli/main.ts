import { COMMANDS } from './commands';

/**
 * `npm run -s pulse -- <command> ...`: the same lib/ as the extension, on Node.
 * Output goes to stdout as JSON lines; errors go to stderr with a non-zero exit.
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    const usage = Object.entries(COMMANDS)
      .map(([n, c]) => `  pulse ${n} ${c.usage}`)
      .join('\n');
    process.stderr.write(`${name ? `pulse: unknown command "${name}"\n` : ''}usage:\n${usage}\n`);
    return 2;
  }
  return command.run(args, (line) => process.stdout.write(`${line}\n`));
}

// Output piped into `head` closes early: stop quietly instead of crashing with EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`pulse: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
