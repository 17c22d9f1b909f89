import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../store/editorStore';
import { commandForKey, type KeyPress } from './keyboard';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

function run(keys: KeyPress[]) {
  const store = createEditorStore();
  store.getState().loadDocument({
    formatVersion: 1,
    meta: { name: 't' },
    dimensions: { width: '50mm', height: '30mm' },
    elements: [
      { id: 'a', type: 'rect', position: { mode: 'absolute', x: '10mm', y: '10mm' }, width: '5mm', height: '5mm' },
    ],
  });
  store.getState().select(['a']);
  for (const key of keys) commandForKey(key)?.(store.getState());
  return store.getState();
}

describe('editor shortcuts', () => {
  it('nudges with the arrows, ten times as far with shift', () => {
    expect(
      run([press('ArrowRight'), press('ArrowDown', { shiftKey: true })]).template.elements[0]?.position,
    ).toMatchObject({ x: '10.1mm', y: '11mm' });
  });

  it('undoes and redoes with Ctrl or Cmd', () => {
    expect(run([press('ArrowLeft'), press('z', { ctrlKey: true })]).template.elements[0]?.position.x).toBe('10mm');
    expect(
      run([press('ArrowLeft'), press('z', { metaKey: true }), press('Z', { metaKey: true, shiftKey: true })]).template
        .elements[0]?.position.x,
    ).toBe('9.9mm');
    expect(
      run([press('ArrowLeft'), press('z', { ctrlKey: true }), press('y', { ctrlKey: true })]).template.elements[0]
        ?.position.x,
    ).toBe('9.9mm');
  });

  it('deletes, duplicates, copies and pastes', () => {
    expect(run([press('Delete')]).template.elements).toEqual([]);
    expect(run([press('d', { ctrlKey: true })]).template.elements.map((element) => element.id)).toEqual(['a', 'a-2']);
    expect(
      run([press('c', { ctrlKey: true }), press('v', { ctrlKey: true })]).template.elements.map(
        (element) => element.id,
      ),
    ).toEqual(['a', 'a-2']);
  });

  it('leaves keys the editor does not use', () => {
    expect(commandForKey(press('q'))).toBeUndefined();
    expect(commandForKey(press('ArrowLeft', { altKey: true }))).toBeUndefined();
    expect(commandForKey(press('ArrowLeft', { ctrlKey: true }))).toBeUndefined();
  });
});
