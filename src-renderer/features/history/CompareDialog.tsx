// Two versions of the open template drawn by the canvas's own layout and element nodes: side by side, or merged with the differences in colour.
import type Konva from 'konva';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Layer, Rect, Stage } from 'react-konva';
import type { EditorTemplateVersionContent } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { CanvasElement, type CanvasElementEvents } from '../../editor/CanvasElement';
import { useCanvasLayout } from '../../editor/useCanvasLayout';
import type { FontRegistry, LabelData } from '../../engine';
import { useFonts } from '../../shell/fonts';
import { selectSampleData, useEditorStore } from '../../store';
import { toPoints } from '@shared/units/length';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import { overlayDiff } from './overlayDiff';

/** The larger side of the drawings, in CSS pixels. */
const DRAWING_PIXELS = 360;
/** The drawings are views: nothing on them is selected or dragged. */
const NO_EVENTS: CanvasElementEvents = {
  registerNode: () => undefined,
  onPointerDown: () => undefined,
  onDoubleClick: () => undefined,
};

type Mode = 'side' | 'overlay';
const MODES: { id: Mode; label: string }[] = [
  { id: 'side', label: 'Side by side' },
  { id: 'overlay', label: 'Overlay' },
];

interface Drawing {
  width: number;
  height: number;
  scale: number;
}

function VersionStage({
  version,
  data,
  fonts,
  drawing,
  stageRef,
}: {
  version: EditorTemplateVersionContent;
  data: LabelData;
  fonts: FontRegistry;
  drawing: Drawing;
  stageRef: RefObject<Konva.Stage | null>;
}) {
  const layout = useCanvasLayout(version.content, data, fonts);
  return (
    <Stage
      ref={stageRef}
      width={drawing.width}
      height={drawing.height}
      scaleX={drawing.scale}
      scaleY={drawing.scale}
      listening={false}
    >
      <Layer listening={false}>
        {/* The paper in the elements' own layer: reversed elements blend with it, as on the canvas. */}
        <Rect width={drawing.width / drawing.scale} height={drawing.height / drawing.scale} fill="#ffffff" />
        {layout.label.elements.map((element) => (
          <CanvasElement key={element.id} element={element} fonts={fonts} events={NO_EVENTS} />
        ))}
      </Layer>
    </Stage>
  );
}

/** Both versions on one drawing size (the larger label's), so sizes and positions compare truthfully. */
function drawingFor(versions: readonly EditorTemplateVersionContent[]): Drawing {
  const width = Math.max(...versions.map((version) => toPoints(version.content.dimensions.width)));
  const height = Math.max(...versions.map((version) => toPoints(version.content.dimensions.height)));
  const scale = DRAWING_PIXELS / Math.max(width, height);
  return { width: Math.round(width * scale), height: Math.round(height * scale), scale };
}

/** The stage's pixels as drawn now (toCanvas draws afresh, whatever the stage's own redraw is waiting for). */
function stagePixels(stage: Konva.Stage): ImageData | undefined {
  const canvas = stage.toCanvas({ pixelRatio: 1 });
  return canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
}

function Overlay({
  before,
  after,
  drawing,
  pair,
}: {
  before: RefObject<Konva.Stage | null>;
  after: RefObject<Konva.Stage | null>;
  drawing: Drawing;
  pair: [number, number];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [changed, setChanged] = useState<number | null>(null);
  useEffect(() => {
    const a = before.current && stagePixels(before.current);
    const b = after.current && stagePixels(after.current);
    const context = canvas.current?.getContext('2d');
    if (!a || !b || !context) return;
    const merged = overlayDiff(a, b);
    context.putImageData(
      new ImageData(new Uint8ClampedArray(merged.pixels.data), merged.pixels.width, merged.pixels.height),
      0,
      0,
    );
    setChanged(merged.changed);
  }, [before, after, drawing]);
  return (
    <figure className="compare-overlay">
      <canvas
        ref={canvas}
        width={drawing.width}
        height={drawing.height}
        role="img"
        aria-label={`Version ${pair[0]} and version ${pair[1]} overlaid`}
      />
      <figcaption>
        <span className="diff-key diff-removed">only in version {pair[0]}</span>{' '}
        <span className="diff-key diff-added">only in version {pair[1]}</span>{' '}
        <span className="diff-key diff-same">in both</span>
        <output aria-live="polite">
          {changed === null
            ? ''
            : changed === 0
              ? ' — no visible difference.'
              : ` — ${changed.toLocaleString('en')} pixels differ.`}
        </output>
      </figcaption>
    </figure>
  );
}

export function CompareDialog({
  templateId,
  pair,
  onClose,
}: {
  templateId: string;
  pair: [number, number];
  onClose(): void;
}) {
  const fonts = useFonts();
  const data = useEditorStore(selectSampleData);
  const [versions, setVersions] = useState<EditorTemplateVersionContent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('side');
  const before = useRef<Konva.Stage>(null);
  const after = useRef<Konva.Stage>(null);
  useEffect(() => {
    let wanted = true;
    Promise.all(pair.map((number) => client.getVersion(templateId, number))).then(
      (loaded) => wanted && setVersions(loaded),
      (failure: unknown) => wanted && setError(describeError(failure)),
    );
    return () => {
      wanted = false;
    };
  }, [templateId, pair]);

  const [older, newer] = versions ?? [];
  const drawing = versions ? drawingFor(versions) : undefined;
  return (
    <Dialog
      title={`Compare version ${pair[0]} with version ${pair[1]}`}
      onClose={onClose}
      className="dialog-wide"
      description="Both drawn with the sample record the editor shows, by the canvas's own layout."
    >
      {error !== null && <p role="alert">{error}</p>}
      {fonts.status === 'failed' && <p role="alert">The fonts could not be loaded: {fonts.message}</p>}
      {(versions === null || fonts.status === 'loading') && error === null && (
        <p role="status">Loading the versions…</p>
      )}
      {older && newer && drawing && fonts.status === 'ready' && (
        <Tabs<Mode> label="Compare as" tabs={MODES} selected={mode} onSelect={setMode}>
          {/* The drawings stay mounted in overlay mode: the overlay is made from their pixels. */}
          <div className="compare-side" hidden={mode !== 'side'}>
            {[older, newer].map((version, index) => (
              <figure key={version.number} aria-label={`Version ${version.number}`}>
                <VersionStage
                  version={version}
                  data={data}
                  fonts={fonts.fonts}
                  drawing={drawing}
                  stageRef={index === 0 ? before : after}
                />
                <figcaption>Version {version.number}</figcaption>
              </figure>
            ))}
          </div>
          {mode === 'overlay' && <Overlay before={before} after={after} drawing={drawing} pair={pair} />}
        </Tabs>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
