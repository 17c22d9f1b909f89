// The render worker's validated templates: renders with them give the same bytes cold and warm, a changed template renders its new content, validation of any other template still happens, and the cache stays within its bounds.
import { describe, expect, it } from 'vitest';
import { InvalidTemplateError } from '@shared/errors';
import { renderLabel, type RenderOptions } from '@shared/render/renderLabel';
import { bundledFonts } from '../fonts/bundledFonts';
import { loadParcelWithLogo, loadSample } from '../samples/sampleTemplates';
import { DecodedImages } from './decodedImages';
import { CACHE_TEST_OUTPUTS } from '../../test/support/server/processCacheTestSupport';
import { ParsedTemplates } from './parsedTemplates';
import { stepRunner } from './renderWorker';

const fonts = bundledFonts();
const NOW = new Date('2026-11-20T10:00:00Z');
const parcel = loadParcelWithLogo();
const shipping = loadSample('shipping-4x6');
const assetTag = loadSample('asset-tag');
type Elements = { elements: Record<string, unknown>[] };

/** shipping-4x6 with what a render reads besides its elements: prompts with defaults, a counter and a condition. */
const prompted = {
  ...(shipping.template as object),
  elements: [
    ...(shipping.template as Elements).elements,
    {
      id: 'lot',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '140mm' },
      width: '60mm',
      height: '6mm',
      content: { expression: "'Lot ' + data.lot + ' #' + counter('parcel', {start: 1000, pad: 6})" },
    },
    {
      id: 'fragile',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '146mm' },
      width: '60mm',
      height: '6mm',
      content: { text: 'FRAGILE' },
      condition: "data.lot == 'L-0'",
    },
  ],
  prompts: [{ name: 'lot', label: 'Lot number', default: 'L-0' }],
};

const TEMPLATES: [string, unknown, Record<string, unknown>][] = [
  ['shipping-4x6 with its logo', parcel.template, parcel.data],
  ['asset-tag', assetTag.template, assetTag.data],
  ['shipping-4x6 with prompts, a counter and a condition', prompted, shipping.data],
];

const OUTPUTS = CACHE_TEST_OUTPUTS;

/** Renders as a worker does, with both of its process caches (or none). */
function render(
  template: unknown,
  data: unknown,
  options: Omit<RenderOptions, 'fonts'>,
  templates?: ParsedTemplates,
  images?: DecodedImages,
) {
  return renderLabel(template, data, { ...options, fonts, templates, images, env: { now: () => NOW } });
}

describe('renders with the validated templates of a worker', () => {
  for (const [templateName, template, data] of TEMPLATES) {
    for (const [outputName, options] of OUTPUTS) {
      it(`give the same bytes and warnings as without them, cold and warm: ${templateName}, ${outputName}`, async () => {
        const fresh = await render(template, data, options);
        const [templates, images] = [new ParsedTemplates(), new DecodedImages()];
        const cold = await render(template, data, options, templates, images);
        // A copy of the template, as every request brings: the same JSON, another object.
        const warm = await render(structuredClone(template), data, options, templates, images);
        for (const output of [cold, warm]) {
          expect(Buffer.from(output.bytes).equals(Buffer.from(fresh.bytes))).toBe(true);
          expect(output.warnings).toEqual(fresh.warnings);
        }
        expect(templates.size).toBe(1);
      });
    }
  }

  it('render a changed template with its new content: a new version of it, or other inline JSON', async () => {
    const templates = new ParsedTemplates();
    const retitled = (title: string) => ({
      ...(shipping.template as object),
      elements: (shipping.template as Elements).elements.map((element, index) =>
        index === 0 ? { ...element, content: { text: title } } : element,
      ),
    });
    const html = async (template: unknown) =>
      new TextDecoder().decode((await render(template, shipping.data, { format: 'html' }, templates)).bytes);
    expect(await html(retitled('FIRST VERSION'))).toContain('FIRST VERSION');
    const second = await html(retitled('SECOND VERSION'));
    expect(second).toContain('SECOND VERSION');
    expect(second).not.toContain('FIRST VERSION');
    expect(templates.size).toBe(2);
  });

  it('validate every other template: one that differs from a kept one by a bad value or an unknown key is refused', async () => {
    const templates = new ParsedTemplates();
    await render(shipping.template, shipping.data, { format: 'zpl' }, templates);
    const first = (shipping.template as Elements).elements[0] ?? {};
    const hostile = [
      { ...(shipping.template as object), elements: [{ ...first, width: '2m' }] },
      { ...(shipping.template as object), script: 'alert(1)' },
      {
        ...(shipping.template as object),
        elements: Array.from({ length: 2000 }, (_, index) => ({ ...first, id: `e${index}` })),
      },
    ];
    for (const template of hostile) {
      await expect(render(template, shipping.data, { format: 'zpl' }, templates)).rejects.toBeInstanceOf(
        InvalidTemplateError,
      );
      // Refused again: a refusal is not kept, and neither is anything that would let it through.
      await expect(render(template, shipping.data, { format: 'zpl' }, templates)).rejects.toBeInstanceOf(
        InvalidTemplateError,
      );
    }
    expect(templates.size).toBe(1);
  });

  it('keep templates frozen: what one render reads cannot be changed for the next', () => {
    const template = new ParsedTemplates().parse(structuredClone(shipping.template));
    expect(Object.isFrozen(template)).toBe(true);
    expect(Object.isFrozen(template.elements[0]?.position)).toBe(true);
  });
});

describe('the bounds of the validated templates', () => {
  const numbered = (index: number) => ({ ...(assetTag.template as object), meta: { name: `tag ${index}` } });

  it('keep at most maxEntries templates, the least recently used dropped first', () => {
    const templates = new ParsedTemplates(3);
    const parsed = Array.from({ length: 5 }, (_, index) => templates.parse(numbered(index)));
    expect(templates.size).toBe(3);
    // A kept template is the same object again; tag 0 was dropped, so it is validated anew into another.
    expect(templates.parse(numbered(4))).toBe(parsed[4]);
    expect(templates.parse(numbered(0))).not.toBe(parsed[0]);
    expect(templates.size).toBe(3);
  });

  it('keep at most maxBytes, and no template larger than that', () => {
    const size = JSON.stringify(numbered(0)).length * 2;
    const templates = new ParsedTemplates(100, size * 2);
    for (let index = 0; index < 5; index++) templates.parse(numbered(index));
    expect(templates.size).toBe(2);
    expect(templates.bytes).toBeLessThanOrEqual(size * 2);
    const tiny = new ParsedTemplates(100, size - 1);
    const parsed = tiny.parse(numbered(0));
    expect(parsed.meta.name).toBe('tag 0');
    expect(tiny.size).toBe(0);
  });
});

describe('a render worker', () => {
  it('renders a template again after the first render from its kept form, and a new version of it anew', async () => {
    const runner = stepRunner(fonts);
    const html = async (id: number, template: unknown): Promise<string> => {
      const reply = await runner.handle({
        id,
        team: 'team-a',
        step: { kind: 'label', job: { template, data: shipping.data, format: 'html' } },
      });
      if (!reply?.outcome.ok || reply.outcome.result.kind !== 'label') throw new Error(JSON.stringify(reply?.outcome));
      return new TextDecoder().decode(reply.outcome.result.result.bytes);
    };
    const version = (name: string) => ({
      ...(shipping.template as object),
      elements: [{ ...(shipping.template as Elements).elements[0], content: { text: name } }],
    });
    expect(await html(1, version('VERSION ONE'))).toContain('VERSION ONE');
    expect(await html(2, version('VERSION ONE'))).toContain('VERSION ONE');
    const two = await html(3, version('VERSION TWO'));
    expect(two).toContain('VERSION TWO');
    expect(two).not.toContain('VERSION ONE');
  });
});
