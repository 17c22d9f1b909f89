// For a selection: align (one element to the label, several to each other), distribute and order.
import type { ReactNode } from 'react';
import { useEditorStore, type AlignEdge, type EditorState } from '../../store';
import { ICONS } from '../../ui/icons';

interface Tool {
  name: string;
  icon: ReactNode;
  run(state: EditorState): void;
  /** Least number of selected elements the tool needs. */
  needs?: number;
}

const align = (edge: AlignEdge) => (state: EditorState) => state.alignSelection(edge);

const TOOLS: { label: string; tools: Tool[] }[] = [
  {
    label: 'Align',
    tools: [
      { name: 'Align left', icon: ICONS.alignLeft, run: align('left') },
      { name: 'Align centre', icon: ICONS.alignCenter, run: align('center') },
      { name: 'Align right', icon: ICONS.alignRight, run: align('right') },
      { name: 'Align top', icon: ICONS.alignTop, run: align('top') },
      { name: 'Align middle', icon: ICONS.alignMiddle, run: align('middle') },
      { name: 'Align bottom', icon: ICONS.alignBottom, run: align('bottom') },
    ],
  },
  {
    label: 'Distribute',
    tools: [
      {
        name: 'Distribute horizontally',
        icon: ICONS.distributeHorizontal,
        run: (state) => state.distributeSelection('horizontal'),
        needs: 3,
      },
      {
        name: 'Distribute vertically',
        icon: ICONS.distributeVertical,
        run: (state) => state.distributeSelection('vertical'),
        needs: 3,
      },
    ],
  },
  {
    label: 'Order',
    tools: [
      { name: 'Bring forward', icon: ICONS.bringForward, run: (state) => state.bringForward() },
      { name: 'Send backward', icon: ICONS.sendBackward, run: (state) => state.sendBackward() },
      { name: 'Bring to front', icon: ICONS.bringToFront, run: (state) => state.bringToFront() },
      { name: 'Send to back', icon: ICONS.sendToBack, run: (state) => state.sendToBack() },
    ],
  },
];

export function ArrangeTools({ getState }: { getState(): EditorState }) {
  const count = useEditorStore((state) => state.selectedIds.length);
  if (count === 0) return null;
  return (
    <>
      {TOOLS.map((group) => (
        <span key={group.label} className="toolbar-group" role="group" aria-label={group.label}>
          {group.tools.map((tool) => (
            <button
              key={tool.name}
              type="button"
              className="icon-button"
              aria-label={tool.name}
              title={tool.needs && count < tool.needs ? `${tool.name} (select ${tool.needs} or more)` : tool.name}
              disabled={tool.needs !== undefined && count < tool.needs}
              onClick={() => tool.run(getState())}
            >
              {tool.icon}
            </button>
          ))}
        </span>
      ))}
    </>
  );
}
