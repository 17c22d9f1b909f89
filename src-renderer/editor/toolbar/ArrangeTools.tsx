// For a selection: align (one element to the label, several to each other), distribute and order. Always shown,
// disabled until enough is selected, so selecting changes neither the toolbar nor the canvas below it.
import type { ComponentType, ReactNode } from 'react';
import { editorStore, useEditorStore, type AlignEdge, type EditorState } from '../../store';
import { ICONS } from '../../ui/icons';

interface Tool {
  name: string;
  icon: ReactNode;
  run(state: EditorState): void;
  /** Least number of selected elements the tool needs (one when not given). */
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

function whyDisabled(needs: number): string {
  return needs === 1 ? 'select an element first' : `select ${needs} or more`;
}

function ArrangeButtons({ tools }: { tools: Tool[] }) {
  const count = useEditorStore((state) => state.selectedIds.length);
  return (
    <>
      {tools.map(({ name, icon, run, needs = 1 }) => (
        <button
          key={name}
          type="button"
          className="icon-button"
          aria-label={name}
          title={count < needs ? `${name} (${whyDisabled(needs)})` : name}
          disabled={count < needs}
          onClick={() => run(editorStore.getState())}
        >
          {icon}
        </button>
      ))}
    </>
  );
}

/** The toolbar's align, distribute and order groups. */
export const ARRANGE_GROUPS: { label: string; Tools: ComponentType }[] = TOOLS.map(({ label, tools }) => ({
  label,
  Tools: () => <ArrangeButtons tools={tools} />,
}));
