// The editor's Print button and its shortcut (Ctrl+P, Cmd+P), which open the print dialog instead of the browser's.
import { useCallback, useEffect, useState } from 'react';
import { LazyPart, lazyNamed } from '../../ui/lazyPart';

/** The dialog, with the sheet readers and the first label's preview, is fetched when first opened. */
const PrintDialog = lazyNamed(() => import('./PrintDialog'), 'PrintDialog');

/** Ctrl+P anywhere in the editor; with another dialog open it only keeps the browser's print dialog away. */
function usePrintShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'p')
        return;
      event.preventDefault();
      if (document.querySelector('dialog[open]') === null) open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

export function PrintButton() {
  const [open, setOpen] = useState(false);
  const openDialog = useCallback(() => setOpen(true), []);
  usePrintShortcut(openDialog);
  return (
    <>
      <button type="button" onClick={openDialog} aria-keyshortcuts="Control+P" title="Print (Ctrl+P)">
        Print
      </button>
      {open && (
        <LazyPart quiet>
          <PrintDialog onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
