// The Preview tab's "Draw for" and "Resolution": a configured printer, whose resolution the canvas, the ZPL and the PNG
// take, or none and a resolution chosen here.
import { useEffect, useId } from 'react';
import { ZPL_DPIS, type ZplDpi } from '@shared/render/outputFormats';
import { client } from '../../api/appClient';
import { editorStore, useEditorStore } from '../../store';
import { useLoader } from '../../ui/useLoader';
import { choosePrinter, noPrinter, syncCanvasTarget } from './canvasTarget';

export function TargetPicker() {
  const id = useId();
  const target = useEditorStore((state) => state.canvasTarget);
  const printers = useLoader(() => client.listPrinters(), 'canvas-target-printers');
  const list = printers.data;
  useEffect(() => {
    if (!list) return;
    const { canvasTarget, setCanvasTarget } = editorStore.getState();
    setCanvasTarget(syncCanvasTarget(canvasTarget, list));
  }, [list]);
  const setPrinter = (value: string) =>
    editorStore.getState().setCanvasTarget(choosePrinter(target, value === '' ? null : value, list ?? []));
  return (
    <>
      <label htmlFor={`${id}-printer`}>Draw for</label>
      <select id={`${id}-printer`} value={target.printerId ?? ''} onChange={(event) => setPrinter(event.target.value)}>
        <option value="">No printer</option>
        {list?.map((printer) => (
          <option key={printer.id} value={printer.id}>
            {printer.name} ({printer.dpi} dpi)
          </option>
        ))}
      </select>
      {/* The one resolution of the preview: the canvas's barcodes, the ZPL and the PNG all take it; a printer's own. */}
      <label htmlFor={`${id}-dpi`}>Resolution</label>
      <select
        id={`${id}-dpi`}
        value={target.dpi}
        disabled={target.printerId !== null}
        title={target.printerId === null ? undefined : 'The printer’s resolution'}
        onChange={(event) => editorStore.getState().setCanvasTarget(noPrinter(Number(event.target.value) as ZplDpi))}
      >
        {ZPL_DPIS.map((dpi) => (
          <option key={dpi} value={dpi}>
            {dpi} dpi
          </option>
        ))}
      </select>
    </>
  );
}
