// The bridge's argument schema: the only samples and formats it names pass, anything else is a BadRequestError.
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../errors';
import { parseRenderSampleArgs, renderSampleArgsSchema, SAMPLE_FORMATS, SAMPLE_NAMES } from './ipc';

describe('renderSample arguments', () => {
  it('accepts every sample in every format', () => {
    for (const name of SAMPLE_NAMES) {
      for (const format of SAMPLE_FORMATS) {
        expect(parseRenderSampleArgs({ name, format })).toEqual({ name, format });
      }
    }
  });

  it.each([
    ['an unknown sample', { name: 'invoice', format: 'png' }],
    ['a path instead of a sample name', { name: '../../etc/passwd', format: 'png' }],
    ['a differently cased name', { name: 'Shipping-4x6', format: 'png' }],
    ['a format the bridge does not offer', { name: 'asset-tag', format: 'pdf' }],
    ['an unknown format', { name: 'asset-tag', format: 'svg' }],
    ['a missing format', { name: 'asset-tag' }],
    ['an extra key', { name: 'asset-tag', format: 'png', dpi: 600 }],
    ['positional arguments', ['asset-tag', 'png']],
    ['a number', 42],
    ['null', null],
    ['nothing', undefined],
  ])('rejects %s', (_case, input) => {
    expect(renderSampleArgsSchema.safeParse(input).success).toBe(false);
    expect(() => parseRenderSampleArgs(input)).toThrow(BadRequestError);
  });

  it('names the offending field in the error the renderer receives', () => {
    expect(() => parseRenderSampleArgs({ name: 'asset-tag', format: 'pdf' })).toThrow(/format/);
  });
});
