import { describe, expect, it } from 'vitest';
import { AppError, BadRequestError, InvalidTemplateError, RenderError } from '@shared/errors';
import { reviveError, serializeError, transferableResult, type StepResult } from './taskProtocol';

/** What a worker sends: the serialised form after a structured clone, as postMessage delivers it. */
const acrossThreads = (error: unknown): AppError => reviveError(structuredClone(serializeError(error)));

describe('serializeError / reviveError', () => {
  it('rebuilds the documented subclasses with code, status, message and details unchanged', () => {
    const originals = [
      new InvalidTemplateError([
        { path: 'elements[0].width', message: 'must be positive' },
        { path: 'dimensions.height', message: 'must be at most 1 m' },
      ]),
      new RenderError('ean13 cannot encode "abc"', 'ean'),
      new RenderError('rendering failed: out of paper'),
      new BadRequestError('dpi must be between 50 and 600', { field: 'dpi' }),
    ];
    for (const original of originals) {
      const revived = acrossThreads(original);
      expect(revived).toBeInstanceOf(original.constructor);
      expect(revived.name).toBe(original.name);
      expect({
        code: revived.code,
        status: revived.status,
        message: revived.message,
        details: revived.details,
      }).toEqual({
        code: original.code,
        status: original.status,
        message: original.message,
        details: original.details,
      });
    }
  });

  it('keeps the fields of an AppError it has no subclass for', () => {
    const revived = acrossThreads(new AppError('EXPRESSION_ERROR', 400, 'unknown function foo', { at: 3 }));
    expect(revived).toBeInstanceOf(AppError);
    expect([revived.code, revived.status, revived.message, revived.details]).toEqual([
      'EXPRESSION_ERROR',
      400,
      'unknown function foo',
      { at: 3 },
    ]);
  });

  it('turns anything else into RENDER_ERROR with its message and without a stack', () => {
    const serialised = serializeError(new TypeError('cannot read properties of undefined'));
    expect(serialised).toEqual({
      code: 'RENDER_ERROR',
      status: 502,
      message: 'rendering failed: cannot read properties of undefined',
      details: { reason: 'rendering failed: cannot read properties of undefined' },
    });
    expect(JSON.stringify(serialised)).not.toContain('taskProtocol');
    expect(serializeError('thrown string').message).toBe('rendering failed: thrown string');
  });

  it('drops detail values postMessage could not clone', () => {
    const serialised = serializeError(new BadRequestError('bad', { field: 'x', check: () => true }));
    expect(() => structuredClone(serialised)).not.toThrow();
    expect(serialised.details).toEqual({ field: 'x' });
  });
});

describe('transferableResult', () => {
  it('transfers a batch part’s piece of the document and its PNGs, each in a buffer of its own, in place', () => {
    const piece = new TextEncoder().encode('^XA^FDone^FS^XZ\n');
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);
    // A view into a larger buffer (as Node's Buffer pool gives) is copied, not taken from its other users.
    const shared = new Uint8Array(16);
    shared.set(png, 4);
    const result: StepResult = {
      kind: 'part',
      part: { labels: [{ png: shared.subarray(4, 8), copies: 1 }], warnings: [], document: piece },
      renderTimeMs: 1,
    };
    const { result: sent, transfer } = transferableResult(result);
    if (sent.kind !== 'part') throw new Error(sent.kind);
    expect(sent.part.document).toBe(piece);
    expect(transfer).toContain(piece.buffer);
    expect(transfer).toHaveLength(2);
    expect([...(sent.part.labels[0]?.png ?? [])]).toEqual([...png]);
    expect(sent.part.labels[0]?.png?.buffer).not.toBe(shared.buffer);
    const moved = structuredClone(sent, { transfer });
    if (moved.kind !== 'part') throw new Error(moved.kind);
    expect(new TextDecoder().decode(moved.part.document)).toBe('^XA^FDone^FS^XZ\n');
    expect(piece.byteLength).toBe(0);
  });
});
