#!/usr/bin/env node
// The `labelsmith` command: entry point of package.json's bin.
import { Command } from 'commander';
import { describeFailure } from './cliErrors';

/**
 * Each command's module, loaded only when it runs: with build:node's code splitting, `labelsmith team list` then loads
 * the store but not the renderer, the HTTP server or the PDF library, and starts in a fraction of the time (which a
 * loaded machine multiplies by ten). `labelsmith --help` and an unknown command load them all, to list them.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  render: async () => (await import('./renderCommand')).renderCommand(),
  serve: async () => (await import('./serveCommand')).serveCommand(),
  start: async () => (await import('./startCommand')).startCommand(),
  team: async () => (await import('./teamCommand')).teamCommand(),
  key: async () => (await import('./keyCommand')).keyCommand(),
  library: async () => (await import('./libraryCommand')).libraryCommand(),
  template: async () => (await import('./templateCommand')).templateCommand(),
  printer: async () => (await import('./printerCommand')).printerCommand(),
  print: async () => (await import('./printCommand')).printCommand(),
  job: async () => (await import('./jobCommand')).jobCommand(),
  watch: async () => (await import('./watchCommand')).watchCommand(),
  zpl: async () => (await import('./zplCommand')).zplCommand(),
  store: async () => (await import('./storeCommand')).storeCommand(),
  'admin-url': async () => (await import('./adminUrlCommand')).adminUrlCommand(),
};

const program = new Command('labelsmith')
  .description('Labelsmith: label designer and local render API')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)');

/** Commander's own usage errors also exit with 2, after it printed them; added commands do not inherit this, nested ones included. */
function exitOverrideAll(command: Command): void {
  for (const child of command.commands) {
    child.exitOverride();
    exitOverrideAll(child);
  }
}

async function main(): Promise<void> {
  const named = process.argv[2];
  const needed = Object.entries(COMMANDS).filter(
    ([name]) => named === undefined || !Object.hasOwn(COMMANDS, named) || name === named,
  );
  for (const command of await Promise.all(needed.map(([, load]) => load()))) program.addCommand(command);
  exitOverrideAll(program);
  await program.parseAsync(process.argv);
}

main().catch((error: unknown) => {
  const { message, exitCode } = describeFailure(error);
  if (message !== '') process.stderr.write(`${message}\n`);
  process.exitCode = exitCode;
});
