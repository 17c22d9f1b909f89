#!/usr/bin/env node
// The `labelsmith` command: entry point of package.json's bin.
import { Command } from 'commander';
import { describeFailure } from './cliErrors';
import { renderCommand } from './renderCommand';

const program = new Command('labelsmith')
  .description('Labelsmith: label designer and local render API')
  .exitOverride()
  .showHelpAfterError('(run with --help for usage)')
  .addCommand(renderCommand());

// Commander's own usage errors also exit with 2, after it printed them.
for (const command of program.commands) command.exitOverride();

program.parseAsync(process.argv).catch((error: unknown) => {
  const { message, exitCode } = describeFailure(error);
  if (message !== '') process.stderr.write(`${message}\n`);
  process.exitCode = exitCode;
});
