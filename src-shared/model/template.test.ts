import { describe, expect, it } from 'vitest';
import { InvalidTemplateError } from '../errors';
import { parseTemplate, validateTemplate } from './template';

function template(
  elements: unknown[],
  dimensions: Record<string, unknown> = { width: '4in', height: '6in' },
): Record<string, unknown> {
  return { formatVersion: 1, meta: { name: 'Shipping' }, dimensions, elements };
}

const textElement = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'name',
  type: 'text',
  position: { mode: 'absolute', x: '5mm', y: '5mm' },
  width: '80mm',
  height: '10mm',
  content: { expression: 'data.name' },
  style: { fontSize: '12pt', fontWeight: 'bold', fontFamily: 'Helvetica' },
  ...overrides,
});

function errorsOf(input: unknown): { path: string; message: string }[] {
  const result = validateTemplate(input);
  if (result.ok) throw new Error('expected the template to be invalid');
  return result.errors;
}

describe('template validation', () => {
  it('accepts the spec example shape and applies defaults', () => {
    const parsed = parseTemplate(
      template([textElement(), textElement({ id: 'b', content: undefined, contentExpression: 'city + ", " + zip' })]),
    );
    expect(parsed.elements[0]?.rotation).toBe(0);
    expect(parsed.elements).toHaveLength(2);
  });

  it('reports every problem with a path into the template', () => {
    const errors = errorsOf(
      template(
        [
          textElement(),
          textElement({ id: 'b' }),
          textElement({ id: 'c', style: { fontSize: '12em', color: 'red', textAlign: 'justify' } }),
        ],
        { width: '4', height: '6in' },
      ),
    );
    const paths = errors.map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'dimensions.width',
        'elements[2].style.fontSize',
        'elements[2].style.color',
        'elements[2].style.textAlign',
      ]),
    );
    expect(errors.find((error) => error.path === 'elements[2].style.fontSize')?.message).toMatch(/unit/);
  });

  it('rejects unknown element types and properties by name', () => {
    const errors = errorsOf(template([textElement({ type: 'sparkle' }), textElement({ id: 'x', fontsize: '3pt' })]));
    expect(errors.map((error) => error.path)).toEqual(expect.arrayContaining(['elements[0].type', 'elements[1]']));
    expect(errors.find((error) => error.path === 'elements[1]')?.message).toMatch(/fontsize/);
  });

  it('parses expressions at validation time', () => {
    const errors = errorsOf(
      template([
        textElement({ content: { expression: 'data.name +' } }),
        textElement({ id: 'y', condition: 'constructor.prototype' }),
      ]),
    );
    expect(errors.map((error) => error.path)).toEqual(['elements[0].content.expression', 'elements[1].condition']);
  });

  it('bounds sizes, positions and element counts', () => {
    expect(errorsOf(template([], { width: '1001mm', height: '6in' }))[0]).toEqual({
      path: 'dimensions.width',
      message: 'must be at most 1 m',
    });
    expect(errorsOf(template([textElement({ width: '0mm' })]))[0]?.path).toBe('elements[0].width');
    expect(errorsOf(template([textElement({ position: { mode: 'absolute', x: '2000mm', y: '0mm' } })]))[0]?.path).toBe(
      'elements[0].position.x',
    );
    const many = Array.from({ length: 1001 }, (_, index) => textElement({ id: `e${index}` }));
    expect(errorsOf(template(many))[0]?.path).toBe('elements');
  });

  it('allows negative sizes for lines only, and unique ids', () => {
    const line = {
      id: 'l',
      type: 'line',
      position: { mode: 'absolute', x: '10mm', y: '10mm' },
      width: '-5mm',
      height: '0mm',
    };
    expect(validateTemplate(template([line])).ok).toBe(true);
    expect(errorsOf(template([textElement(), textElement()]))[0]?.path).toBe('elements[1].id');
  });

  it('refuses image sources that are not embedded PNG or JPEG data', () => {
    for (const src of [
      'file:///etc/passwd',
      '/etc/passwd',
      'http://example.com/a.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
    ]) {
      const image = {
        id: 'i',
        type: 'image',
        position: { mode: 'absolute', x: '0mm', y: '0mm' },
        width: '10mm',
        height: '10mm',
        src,
      };
      expect(errorsOf(template([image]))[0]?.path, src).toBe('elements[0].src');
    }
  });

  it('keeps sample records in meta.sampleData: objects only, bounded in number and depth', () => {
    const withSamples = (sampleData: unknown) => ({
      ...template([textElement()]),
      meta: { name: 'Shipping', sampleData },
    });
    expect(parseTemplate(withSamples([{ name: 'Ada' }, { name: 'Grace', sku: 7 }])).meta.sampleData).toEqual([
      { name: 'Ada' },
      { name: 'Grace', sku: 7 },
    ]);
    expect(errorsOf(withSamples([{ name: 'Ada' }, 'Grace']))).toEqual([
      { path: 'meta.sampleData[1]', message: 'a sample record must be a JSON object' },
    ]);
    expect(errorsOf(withSamples(Array.from({ length: 51 }, () => ({}))))[0]?.message).toBe('at most 50 sample records');
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 40; level++) deep = { inner: deep };
    expect(errorsOf(withSamples([deep]))[0]?.message).toMatch(/deeper than 32 levels/);
  });

  it('throws InvalidTemplateError carrying details.errors', () => {
    try {
      parseTemplate({ formatVersion: 2 });
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidTemplateError);
      const invalid = error as InvalidTemplateError;
      expect(invalid.code).toBe('INVALID_TEMPLATE');
      expect(invalid.details?.errors).toEqual(invalid.errors);
      expect(invalid.errors.map((problem) => problem.path)).toEqual(
        expect.arrayContaining(['formatVersion', 'meta', 'dimensions', 'elements']),
      );
    }
  });
});
