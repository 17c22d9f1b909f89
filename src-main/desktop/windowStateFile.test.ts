// The window state file on disk: written once per burst of changes, read back after a restart, never left half written.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWindowState, windowStatePath, windowStateSaver } from './windowStateFile';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const freshDir = () => (dir = mkdtempSync(join(tmpdir(), 'labelsmith-window-')));

describe('the window state file', () => {
  it('keeps the last of several quick changes, written when flushed, and reads it back', () => {
    const path = windowStatePath(freshDir());
    const errors: unknown[] = [];
    const saver = windowStateSaver(path, (error) => errors.push(error));
    saver.save({ bounds: { x: 1, y: 2, width: 900, height: 700 }, maximized: false });
    saver.save({ bounds: { x: 5, y: 6, width: 1000, height: 750 }, maximized: true });
    // Nothing is written while the window is still moving.
    expect(loadWindowState(path)).toBeUndefined();
    saver.flush();
    expect(loadWindowState(path)).toEqual({ bounds: { x: 5, y: 6, width: 1000, height: 750 }, maximized: true });
    // Only the file itself: the temporary file was renamed over it.
    expect(readdirSync(dir)).toEqual(['window-state.json']);
    expect(errors).toEqual([]);
  });

  it('reads a missing or broken file as no state', () => {
    const path = windowStatePath(freshDir());
    expect(loadWindowState(path)).toBeUndefined();
    writeFileSync(path, '{"bounds": {"x": 1');
    expect(loadWindowState(path)).toBeUndefined();
  });

  it('refuses to write a state that would not read back', () => {
    const path = windowStatePath(freshDir());
    const saver = windowStateSaver(path, () => undefined);
    saver.save({ bounds: { x: 1.5, y: 0, width: 900, height: 700 }, maximized: false });
    expect(() => saver.flush()).toThrow();
    expect(loadWindowState(path)).toBeUndefined();
  });
});
