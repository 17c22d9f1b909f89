// Checks the object store: names as ZPL writes them, the device search, wildcard deletes and the byte bound.
import { describe, expect, it } from 'vitest';
import { parseObjectName, ZplObjectStore, type ZplStoredObject } from './zplObjectStore';

const graphic = (dots: number): ZplStoredObject => ({
  kind: 'graphic',
  bitmap: { width: dots, height: 1, dots: new Uint8Array(dots) },
});
const name = (text: string) => parseObjectName(text, 'GRF') ?? { name: '?', extension: '?' };

describe('parseObjectName', () => {
  it('reads device, name and extension, upper-cased, with the default extension', () => {
    expect(parseObjectName('r:logo.grf', 'GRF')).toEqual({ device: 'R', name: 'LOGO', extension: 'GRF' });
    expect(parseObjectName('LOGO', 'GRF')).toEqual({ name: 'LOGO', extension: 'GRF' });
    expect(parseObjectName('E:ARIAL.TTF', 'FNT')).toEqual({ device: 'E', name: 'ARIAL', extension: 'TTF' });
    expect(parseObjectName('R:*.*', 'GRF')).toEqual({ device: 'R', name: '*', extension: '*' });
    expect(parseObjectName('', 'GRF')).toBeUndefined();
    expect(parseObjectName('R:', 'GRF')).toBeUndefined();
  });
});

describe('ZplObjectStore', () => {
  it('recalls by exact device, or searches R:, E:, B:, A: when none is given', () => {
    const store = new ZplObjectStore();
    const onE = graphic(2);
    store.store(name('E:LOGO.GRF'), onE);
    expect(store.recall(name('LOGO.GRF'))).toBe(onE);
    expect(store.recall(name('E:LOGO'))).toBe(onE);
    expect(store.recall(name('R:LOGO.GRF'))).toBeUndefined();
    const onR = graphic(3);
    store.store(name('R:LOGO.GRF'), onR);
    expect(store.recall(name('LOGO.GRF'))).toBe(onR);
  });

  it('deletes with * and ? wildcards', () => {
    const store = new ZplObjectStore();
    for (const text of ['R:A1.GRF', 'R:A2.GRF', 'R:B1.GRF', 'R:A1.PNG', 'E:A1.GRF'])
      store.store(name(text), graphic(1));
    expect(store.delete(name('R:A?.GRF'))).toBe(2);
    expect(store.delete(name('R:*.*'))).toBe(2);
    expect(store.recall(name('E:A1.GRF'))).toBeDefined();
    expect(store.bytes).toBe(1);
  });

  it('refuses what does not fit, counting the bytes an object of the same name gives back', () => {
    const store = new ZplObjectStore(10);
    expect(store.store(name('A'), graphic(6))).toBe(true);
    expect(store.room(name('B'))).toBe(4);
    expect(store.store(name('B'), graphic(5))).toBe(false);
    expect(store.recall(name('B'))).toBeUndefined();
    expect(store.room(name('A'))).toBe(10);
    expect(store.store(name('A'), graphic(10))).toBe(true);
    expect(store.bytes).toBe(10);
  });

  it('finds downloaded fonts for ^A@ by name, with any font extension when none or .FNT is asked', () => {
    const store = new ZplObjectStore();
    const font = { kind: 'font', data: new Uint8Array(4), font: {} } as ZplStoredObject;
    store.store(parseObjectName('E:LABEL.TTF', 'TTF') ?? name('?'), font);
    expect(store.font('E:LABEL.TTF')).toBe(font);
    expect(store.font('LABEL')).toBe(font);
    expect(store.font('E:LABEL.FNT')).toBe(font);
    expect(store.font('E:LABEL.OTF')).toBeUndefined();
    store.store(name('R:PIC.GRF'), graphic(1));
    expect(store.font('R:PIC.GRF')).toBeUndefined();
  });
});
