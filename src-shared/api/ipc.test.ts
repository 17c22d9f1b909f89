// The bridge's argument schemas: what the preload sends passes, anything else is a BadRequestError naming the field.
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors';
import {
  isMenuCommand,
  IPC_CHANNELS,
  MAX_TEMPLATE_FILE_BYTES,
  noArgsSchema,
  parseIpcArgs,
  saveOutputFileArgsSchema,
  saveTemplateFileArgsSchema,
} from './ipc';

describe('saveTemplateFile arguments', () => {
  it('accept a file name and the template text', () => {
    const args = { suggestedName: 'shipping-label.json', text: '{"formatVersion":1}' };
    expect(parseIpcArgs(saveTemplateFileArgsSchema, IPC_CHANNELS.saveTemplateFile, args)).toEqual(args);
  });

  it.each([
    ['a path instead of a name', { suggestedName: '../../.bashrc', text: '{}' }],
    ['a Windows path', { suggestedName: 'C:\\Users\\x\\a.json', text: '{}' }],
    ['a NUL byte', { suggestedName: 'a\0.json', text: '{}' }],
    ['a dot-dot name', { suggestedName: '..', text: '{}' }],
    ['an empty name', { suggestedName: '', text: '{}' }],
    ['text over the limit', { suggestedName: 'a.json', text: 'x'.repeat(MAX_TEMPLATE_FILE_BYTES + 1) }],
    ['text that is not a string', { suggestedName: 'a.json', text: { formatVersion: 1 } }],
    ['an extra key', { suggestedName: 'a.json', text: '{}', path: '/etc/passwd' }],
    ['positional arguments', ['a.json', '{}']],
    ['nothing', undefined],
  ])('refuse %s', (_case, input) => {
    expect(() => parseIpcArgs(saveTemplateFileArgsSchema, IPC_CHANNELS.saveTemplateFile, input)).toThrow(
      BadRequestError,
    );
  });

  it('name the channel and the offending field in the error the page receives', () => {
    expect(() =>
      parseIpcArgs(saveTemplateFileArgsSchema, IPC_CHANNELS.saveTemplateFile, { suggestedName: 'a/b.json', text: '' }),
    ).toThrow(/labelsmith:save-template-file.*suggestedName/s);
  });
});

describe('saveOutputFile arguments', () => {
  it('accept bytes of each output format', () => {
    for (const format of ['pdf', 'png', 'zpl', 'html'] as const) {
      const args = { suggestedName: `label.${format}`, format, bytes: Uint8Array.of(1, 2, 3) };
      expect(parseIpcArgs(saveOutputFileArgsSchema, IPC_CHANNELS.saveOutputFile, args)).toEqual(args);
    }
  });

  it.each([
    ['an unknown format', { suggestedName: 'a.svg', format: 'svg', bytes: Uint8Array.of(1) }],
    ['bytes as a string', { suggestedName: 'a.pdf', format: 'pdf', bytes: '%PDF' }],
    ['bytes as a plain array', { suggestedName: 'a.pdf', format: 'pdf', bytes: [37, 80] }],
    ['a path as the name', { suggestedName: '/tmp/a.pdf', format: 'pdf', bytes: Uint8Array.of(1) }],
  ])('refuse %s', (_case, input) => {
    expect(() => parseIpcArgs(saveOutputFileArgsSchema, IPC_CHANNELS.saveOutputFile, input)).toThrow(BadRequestError);
  });
});

describe('channels without arguments and menu commands', () => {
  it('take nothing', () => {
    expect(parseIpcArgs(noArgsSchema, IPC_CHANNELS.appInfo, undefined)).toBeUndefined();
    expect(() => parseIpcArgs(noArgsSchema, IPC_CHANNELS.appInfo, { path: '/' })).toThrow(BadRequestError);
  });

  it('know the File menu commands and nothing else', () => {
    expect(isMenuCommand('save')).toBe(true);
    expect(isMenuCommand('exportOutput')).toBe(true);
    expect(isMenuCommand('quit')).toBe(false);
    expect(isMenuCommand(undefined)).toBe(false);
  });
});
