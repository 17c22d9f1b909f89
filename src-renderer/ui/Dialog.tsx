// A modal dialog on the native <dialog>: named by its title, Escape closes it, focus is kept inside and returns where it came from.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Extra class for sizing (say a wide dialog). */
  className?: string;
  /** Text under the title that describes the dialog (read with its name). */
  description?: ReactNode;
  /** A click beside the dialog closes it too (a dialog that only shows things; never one with a form to lose). */
  closeOnOutsideClick?: boolean;
}

/** Where focus goes back when the control that opened a dialog is gone (say the card of a deleted template). */
function focusFallback(): void {
  document.querySelector<HTMLElement>('[data-focus-fallback]')?.focus();
}

export function Dialog({ title, onClose, children, className, description, closeOnOutsideClick = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal makes the rest of the page inert and moves focus to the first focusable control (or [autofocus]).
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected && opener !== document.body) opener.focus();
      else focusFallback();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the browser would close the dialog behind React's back; the owner unmounts it instead.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      // A click on the backdrop lands on the <dialog> itself, outside its box.
      onClick={(event) => {
        if (!closeOnOutsideClick || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const outside =
          event.clientX < box.left ||
          event.clientX > box.right ||
          event.clientY < box.top ||
          event.clientY > box.bottom;
        if (outside) onCloseRef.current();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="dialog-description">
          {description}
        </div>
      )}
      {children}
    </dialog>
  );
}
