// A toolbar's "More" button: the groups that do not fit in its one row, in a panel under the button.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function MoreTools({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const holder = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // A press anywhere else closes it, as a menu does; the tools inside stay usable for several clicks in a row.
    const onPointerDown = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  return (
    <span
      ref={holder}
      className="more-tools"
      data-toolbar-more=""
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Handled here: the editor's Escape would also clear the selection the tools act on.
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        title="Tools that do not fit in this row"
        onClick={() => setOpen(!open)}
      >
        More ▾
      </button>
      <div id={panelId} className="more-tools-panel" hidden={!open}>
        {children}
      </div>
    </span>
  );
}
