import { describe, expect, it } from 'vitest';
import {
  applyCompletion,
  canvasRecord,
  completeAt,
  completionPaths,
  fieldPaths,
  previewExpression,
} from './expressionPreview';

const record = {
  name: 'Espresso beans',
  price: 12.9,
  onSale: true,
  customer: { city: 'Lyon', 'post code': '69001' },
  items: [{ sku: 'A-1' }],
};
const fixedClock = { now: () => new Date('2025-06-15T12:00:00Z') };

describe('live expression preview', () => {
  it('shows the value with the sample record, as the label would', () => {
    expect(previewExpression('upper(name)', record, 'fields')).toMatchObject({
      kind: 'value',
      text: 'ESPRESSO BEANS',
      truthy: true,
    });
    expect(previewExpression('round(price * 2)', record, 'fields')).toMatchObject({ kind: 'value', text: '26' });
    expect(previewExpression('data.customer.city', record, 'data')).toMatchObject({ kind: 'value', text: 'Lyon' });
    expect(previewExpression('formatDate(now(), "YYYY-MM-DD")', record, 'fields', fixedClock)).toMatchObject({
      text: '2025-06-15',
    });
  });

  it('sees the names the layout gives each field: top-level keys only where they are variables', () => {
    // content.expression sees only `data`: a bare name is a missing field, shown empty.
    expect(previewExpression('name', record, 'data')).toMatchObject({ kind: 'value', text: '', truthy: false });
    expect(previewExpression('data.name', record, 'fields')).toMatchObject({ text: 'Espresso beans' });
  });

  it('says what is wrong with a broken expression, and nothing for an empty one', () => {
    expect(previewExpression('upper(name', record, 'fields')).toMatchObject({ kind: 'error' });
    expect(previewExpression('name.constructor', record, 'fields')).toEqual({
      kind: 'error',
      message: 'name "constructor" is not allowed',
    });
    expect(previewExpression('nope(1)', record, 'fields')).toEqual({ kind: 'error', message: 'unknown function nope' });
    expect(previewExpression('padStart(name, "x")', record, 'fields')).toMatchObject({ kind: 'error' });
    expect(previewExpression('  ', record, 'fields')).toEqual({ kind: 'empty' });
  });

  it('judges conditions by truth', () => {
    expect(previewExpression('onSale && price > 10', record, 'fields')).toMatchObject({ truthy: true });
    expect(previewExpression('missing', record, 'fields')).toMatchObject({ truthy: false });
  });
});

describe('field names', () => {
  it('lists paths breadth first in the scope’s spelling', () => {
    expect(fieldPaths(record, 'fields')).toEqual([
      'name',
      'price',
      'onSale',
      'customer',
      'items',
      'customer.city',
      'customer["post code"]',
      'items[0]',
      'items[0].sku',
    ]);
    expect(fieldPaths({ 'first name': 'Ada', id: 1 }, 'fields')).toEqual(['data["first name"]', 'id']);
    expect(fieldPaths({ id: 1 }, 'data')).toEqual(['data.id']);
    expect(fieldPaths(record, 'fields', 3)).toHaveLength(3);
  });

  it('completes the name at the cursor with fields and helpers, not inside strings', () => {
    const fields = fieldPaths(record, 'fields');
    expect(completeAt('cu', 2, fields)).toEqual({
      from: 0,
      to: 2,
      options: ['customer', 'customer.city', 'customer["post code"]'],
    });
    expect(completeAt('upper(customer.', 15, fields).options).toEqual(['customer.city']);
    expect(completeAt('up', 2, fields).options).toEqual(['upper(']);
    expect(completeAt('"SN" + coun', 11, fields).options).toEqual(['counter(']);
    expect(completeAt('"cu', 3, fields).options).toEqual([]);
    expect(completeAt("'it''s' + na", 12, fields).options).toEqual(['name']);
    // The whole name under the cursor is replaced, not just the part before it.
    const completion = completeAt('upper(na) + 1', 8, fields);
    expect(completion).toMatchObject({ from: 6, to: 8, options: ['name'] });
    expect(completeAt('upper(nam) + 1', 7, fields)).toMatchObject({ from: 6, to: 9 });
    expect(applyCompletion('upper(nam) + 1', completeAt('upper(nam) + 1', 7, fields), 'name')).toEqual({
      text: 'upper(name) + 1',
      cursor: 10,
    });
  });

  it('completes `data.` paths where top-level names are fields too, bare names first', () => {
    const fields = completionPaths(record, 'fields');
    expect(completeAt('data.cu', 7, fields).options).toEqual([
      'data.customer',
      'data.customer.city',
      'data.customer["post code"]',
    ]);
    expect(completeAt('upper(data.', 11, fields).options).toContain('data.name');
    expect(completeAt('na', 2, fields).options).toEqual(['name']);
    expect(completionPaths(record, 'data')).toEqual(fieldPaths(record, 'data'));
  });
});

describe('canvasRecord', () => {
  const lot = { name: 'lot', label: 'Lot number', default: 'L-77' };

  it('fills what the record leaves empty with the prompts’ defaults, typed, as the canvas’s layout binds it', () => {
    expect(canvasRecord([lot], { sku: 'A-1' })).toEqual({ data: { sku: 'A-1', lot: 'L-77' } });
    expect(canvasRecord([lot], { lot: 'L-1' })).toEqual({ data: { lot: 'L-1' } });
    expect(canvasRecord([{ name: 'count', label: 'Count', type: 'number' }], { count: '12' })).toEqual({
      data: { count: 12 },
    });
    const bound = canvasRecord([lot], {});
    expect(previewExpression('"Lot " + lot', bound.data, 'fields')).toMatchObject({ text: 'Lot L-77' });
  });

  it('leaves out prompts still being typed, and says why a record cannot be bound', () => {
    expect(canvasRecord([{ name: '', label: 'Half typed', default: 'x' }, lot], {})).toEqual({ data: { lot: 'L-77' } });
    const wrong = canvasRecord([{ name: 'count', label: 'Count', type: 'number' }], { count: 'many' });
    expect(wrong).toMatchObject({ data: { count: 'many' }, problem: expect.stringMatching(/Count.*must be a number/) });
    expect(canvasRecord(undefined, { a: 1 })).toEqual({ data: { a: 1 } });
  });
});
