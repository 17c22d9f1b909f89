// Test support: a real character device to print to, a pseudo-terminal whose other end (python3's pty module) reports every byte written.
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Raw mode: the bytes arrive as written (no newline translation, no echo). Prints the device's path, then what it reads. */
const PTY_SCRIPT = `
import os, pty, sys, tty
master, slave = pty.openpty()
tty.setraw(slave)
sys.stdout.write(os.ttyname(slave) + "\\n")
sys.stdout.flush()
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
`;

export const hasPython = spawnSync('python3', ['--version']).status === 0;

export interface PtyDevice {
  /** /dev/pts/N. */
  path: string;
  /** Resolves with everything written so far once it contains `text`. */
  received(text: string): Promise<string>;
  close(): void;
}

export async function openPtyDevice(): Promise<PtyDevice> {
  const child: ChildProcessByStdio<null, Readable, null> = spawn('python3', ['-c', PTY_SCRIPT], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const waiting: { text: string; resolve: (all: string) => void }[] = [];
  const settle = () => {
    for (const wait of waiting.filter((entry) => output.includes(entry.text))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(output);
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('latin1');
    settle();
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`python3 pty helper exited with ${code}`)));
    waiting.push({ text: '\n', resolve });
  });
  const path = firstLine.slice(0, firstLine.indexOf('\n'));
  output = output.slice(path.length + 1);
  return {
    path,
    received: (text) =>
      new Promise((resolve) => {
        waiting.push({ text, resolve });
        settle();
      }),
    close: () => child.kill(),
  };
}
