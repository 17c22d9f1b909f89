// A marker at the corner of each element the layout warns about: a click selects the element(s) the warning is about.
import { useMemo } from 'react';
import { Circle, Group, Text } from 'react-konva';
import { useStore } from 'zustand';
import type { CanvasLayout } from '../engine';
import { rotatedBounds } from '@shared/layout/boxBounds';
import type { EditorStore } from '../store/editorStore';
import { issueElementIds } from './layoutIssues';

/** Screen pixels, whatever the zoom: a marker must stay findable on a zoomed-out label. */
const RADIUS = 7;
const WARNING_COLOUR = '#d97706';

export function IssueMarkers({ store, layout, zoom }: { store: EditorStore; layout: CanvasLayout; zoom: number }) {
  const { issues } = useStore(store, (state) => state.layoutIssues);
  // The canvas re-renders on every pointer move of a drag: boxes and markers are made again only when their inputs change.
  const elements = layout.label.elements;
  const boxes = useMemo(
    () => new Map(elements.map((element) => [element.id, rotatedBounds(element.box, element.rotation)])),
    [elements],
  );
  // One marker per element (an element that cannot be drawn has its own, see CanvasFailure); its first warning decides
  // what a click selects: everything that warning is about.
  const markers = useMemo(() => {
    const byElement = new Map<string, string[]>();
    for (const issue of issues) {
      if (issue.kind !== 'warning') continue;
      const ids = issueElementIds(issue);
      for (const id of ids) if (!byElement.has(id)) byElement.set(id, ids);
    }
    return byElement;
  }, [issues]);
  const radius = RADIUS / zoom;
  return (
    <>
      {[...markers].map(([id, ids]) => {
        const box = boxes.get(id);
        if (!box) return null;
        return (
          <Group
            key={id}
            name={`issue-marker:${id}`}
            x={box.x + box.width}
            y={box.y}
            onPointerDown={(event) => {
              event.cancelBubble = true;
              store.getState().select(ids);
            }}
          >
            <Circle radius={radius} fill={WARNING_COLOUR} stroke="#ffffff" strokeWidth={1} strokeScaleEnabled={false} />
            <Text
              text="!"
              x={-radius}
              y={-radius * 0.75}
              width={radius * 2}
              align="center"
              fontSize={radius * 1.6}
              fontStyle="bold"
              fill="#ffffff"
              listening={false}
            />
          </Group>
        );
      })}
    </>
  );
}
