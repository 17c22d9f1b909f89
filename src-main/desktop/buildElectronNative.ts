// `npm run build:electron-native`: compiles better-sqlite3 for the installed Electron into out/electron-native, leaving Node's build alone.
import { spawnSync } from 'node:child_process';
import { cpSync, copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import {
  electronAddonPath,
  ELECTRON_NATIVE_DIR,
  nodeGypArguments,
  nodeGypEnvironment,
  SQLITE_ADDON_FILE,
} from './electronNative';

const appRoot = process.cwd();

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(join(appRoot, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

function main(): number {
  const electronVersion = packageVersion('electron');
  const headersDir = process.env.ELECTRON_HEADERS_DIR ? resolve(process.env.ELECTRON_HEADERS_DIR) : undefined;
  // A copy of the package to build in: node-gyp writes build/ inside the package it builds.
  const staging = join(appRoot, ELECTRON_NATIVE_DIR, 'staging', 'better-sqlite3');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const source = join(appRoot, 'node_modules', 'better-sqlite3');
  const nodeBuild = join(source, 'build');
  cpSync(source, staging, {
    recursive: true,
    filter: (path) => path !== nodeBuild && !path.startsWith(nodeBuild + sep),
  });
  console.log(
    `building better-sqlite3 ${packageVersion('better-sqlite3')} for Electron ${electronVersion} (${process.arch})…`,
  );
  const gyp = join(appRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const run = spawnSync(
    process.execPath,
    [gyp, ...nodeGypArguments({ electronVersion, arch: process.arch, headersDir })],
    {
      cwd: staging,
      env: nodeGypEnvironment(process.env),
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) {
    console.error(
      headersDir === undefined
        ? "error: node-gyp failed. It needs Electron's headers, downloaded from electronjs.org, plus python3, make and a C++ compiler; " +
            'offline, set ELECTRON_HEADERS_DIR to the unpacked headers of Electron ' +
            electronVersion +
            '.'
        : `error: node-gyp failed with the headers in ${headersDir} (they must be Electron ${electronVersion}'s).`,
    );
    return 1;
  }
  const output = electronAddonPath(appRoot);
  copyFileSync(join(staging, 'build', 'Release', SQLITE_ADDON_FILE), output);
  rmSync(join(appRoot, ELECTRON_NATIVE_DIR, 'staging'), { recursive: true, force: true });
  console.log(`wrote ${output}: the desktop app loads it at start`);
  return 0;
}

process.exitCode = main();
