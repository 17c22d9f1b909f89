#!/usr/bin/env node
// The `labelsmith` command: entry point of package.json's bin.
import { Command } from 'commander';
import { adminUrlCommand } from './adminUrlCommand';
import { describeFailure } from './cliErrors';
import { jobCommand } from './jobCommand';
import { keyCommand } from './keyCommand';
import { libraryCommand } from './libraryCommand';
import { printCommand } from './printCommand';
import { printerCommand } from './printerCommand';
import { renderCommand } from './renderCommand';
import { serveCommand } from './serveCommand';
import { storeCommand } from './storeCommand';
import { startCommand } from './startCommand';
import { teamCommand } from './teamCommand';
import { templateCommand } from './templateCommand';
import { zplCommand } from './zplCommand';

const program = new Command('labelsmith')
  .description('Labelsmith: label designer and local render API')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)')
  .addCommand(renderCommand())
  .addCommand(serveCommand())
  .addCommand(startCommand())
  .addCommand(teamCommand())
  .addCommand(keyCommand())
  .addCommand(libraryCommand())
  .addCommand(templateCommand())
  .addCommand(printerCommand())
  .addCommand(printCommand())
  .addCommand(jobCommand())
  .addCommand(zplCommand())
  .addCommand(storeCommand())
  .addCommand(adminUrlCommand());

/** Commander's own usage errors also exit with 2, after it printed them; added commands do not inherit this, nested ones included. */
function exitOverrideAll(command: Command): void {
  for (const child of command.commands) {
    child.exitOverride();
    exitOverrideAll(child);
  }
}
exitOverrideAll(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  const { message, exitCode } = describeFailure(error);
  if (message !== '') process.stderr.write(`${message}\n`);
  process.exitCode = exitCode;
});
