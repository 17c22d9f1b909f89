// A text typed into on the canvas: a text area over the element (turned with it, at the zoom), the canvas laying out each keystroke.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LaidOutLabel } from '../../engine';
import { contentView, textPatch } from '../../features/inspector/contentMode';
import { useGestureEdit } from '../../features/inspector/fields/useGestureEdit';
import { editorStore, useEditorStore } from '../../store';

/**
 * Opened by a double click on a text (editorStore.editingTextId). Typing is one undo step; Enter or leaving the area
 * keeps it, Shift+Enter starts a new line, Escape puts the text back. A text whose value is an expression is not
 * typed over: the inspector's expression field opens instead.
 */
export function CanvasTextEditor({ label }: { label: LaidOutLabel }) {
  const id = useEditorStore((state) => state.editingTextId);
  const zoom = useEditorStore((state) => state.zoom);
  const pan = useEditorStore((state) => state.pan);
  const draft = useEditorStore((state) => state.template.elements.find((element) => element.id === id));
  const laidOut = label.elements.find((element) => element.id === id);
  const gesture = useGestureEdit();
  const area = useRef<HTMLTextAreaElement>(null);
  const view = draft?.type === 'text' ? contentView(draft) : undefined;
  const expression = view?.mode === 'expression';

  const gone = id !== null && draft === undefined;
  useEffect(() => {
    if (id === null) return;
    // Deleted meanwhile, or another template opened: nothing to type into.
    if (gone) {
      editorStore.getState().editTextOnCanvas(null);
      return;
    }
    if (expression) {
      // The value comes from data: its expression is edited where its live value shows.
      editorStore.getState().editTextOnCanvas(null);
      editorStore.getState().select([id]);
      editorStore.getState().setSidePanel('inspector');
      editorStore.getState().showNotice('info', `“${id}” shows an expression: edit it under Content in the inspector.`);
      return;
    }
    area.current?.focus();
    area.current?.select();
  }, [id, expression, gone]);

  if (id === null || view?.mode !== 'text' || laidOut?.type !== 'text') return null;
  const close = (keep: boolean) => {
    if (keep) gesture.commit();
    else gesture.cancel();
    editorStore.getState().editTextOnCanvas(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(false);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      close(true);
    }
  };
  const { box, rotation } = laidOut;
  return (
    <textarea
      ref={area}
      className="canvas-text-editor"
      aria-label={`Text of “${id}”`}
      spellCheck={false}
      value={view.text}
      style={{
        left: pan.x + box.x * zoom,
        top: pan.y + box.y * zoom,
        width: box.width * zoom,
        height: box.height * zoom,
        fontSize: laidOut.fontSize * zoom,
        lineHeight: `${laidOut.lineHeight * zoom}px`,
        textAlign: laidOut.textAlign,
        transform: rotation % 360 === 0 ? undefined : `rotate(${rotation}deg)`,
      }}
      onChange={(event) =>
        gesture.change(() => editorStore.getState().updateElement(id, textPatch(event.target.value)))
      }
      onKeyDown={onKeyDown}
      onBlur={() => close(true)}
    />
  );
}
