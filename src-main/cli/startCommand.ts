// `labelsmith start` (npm start): opens the desktop app where Electron can start, else serves the editor and prints its link.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { z } from 'zod';
import { resolveDataDir } from '../config/dataDir';
import { portFromEnvironment, portSchema, tlsFilesFromEnvironment } from '../server/serverConfig';
import { parseOptions, withDataDirOption } from './adminCliSupport';
import { chooseLaunch, findDesktopApp, findElectronBinary, readTextIfPresent } from './launchChoice';
import { serve } from './serveCommand';

const startOptionsSchema = z.object({
  dataDir: z.string().optional(),
  port: portSchema,
  browser: z.boolean().optional(),
});

/** node_modules/electron, resolved without running the package (its index.js would try to download the binary). */
function electronPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/** Runs the app until it quits, with this command's data directory and port; Ctrl+C in the terminal quits it too. */
function runDesktop(electronBinary: string, appDir: string, dataDir: string, port: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, LABELSMITH_DATA_DIR: dataDir, LABELSMITH_PORT: String(port) };
  // Set by some tools, it would make Electron run the app as a plain Node script.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(electronBinary, [appDir], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.once('SIGINT', forward('SIGINT'));
  process.once('SIGTERM', forward('SIGTERM'));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.exitCode = code ?? (signal ? 1 : 0);
      resolve();
    });
  });
}

export function startCommand(): Command {
  return withDataDirOption(new Command('start'))
    .description(
      'open the desktop app; where it cannot start (no Electron binary, no display) serve the editor and print its sign-in link',
    )
    .option('--port <port>', 'port of the embedded server (default $LABELSMITH_PORT, else 8425)', portFromEnvironment())
    .option('--browser', 'serve the editor for a browser even where the desktop app could start')
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(startOptionsSchema, rawOptions);
      const electronDir = electronPackageDir();
      const choice = chooseLaunch({
        platform: process.platform,
        env: process.env,
        electronBinary:
          electronDir === undefined
            ? undefined
            : findElectronBinary({ electronDir, env: process.env, exists: existsSync, readText: readTextIfPresent }),
        appDir: findDesktopApp(dirname(fileURLToPath(import.meta.url))),
        browserRequested: options.browser === true,
      });
      if (choice.kind === 'desktop') {
        await runDesktop(choice.electronBinary, choice.appDir, resolveDataDir({ flag: options.dataDir }), options.port);
        return;
      }
      process.stdout.write(`desktop app not started: ${choice.reason}. Open the editor in a browser instead:\n`);
      await serve({
        dataDir: options.dataDir,
        port: options.port,
        allowHost: [],
        printEditorUrl: true,
        ...tlsFilesFromEnvironment(),
      });
    });
}
