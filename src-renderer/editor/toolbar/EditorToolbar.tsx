// The editing toolbar under the document bar, in one row: insert, history, view, align, distribute and order; the
// groups that do not fit go into a "More" menu.
import { useRef, type ComponentType } from 'react';
import { MoreTools } from '../../ui/MoreTools';
import { Toolbar } from '../../ui/Toolbar';
import { useFittingGroups } from '../../ui/useFittingGroups';
import { ARRANGE_GROUPS } from './ArrangeTools';
import { HistoryTools } from './HistoryTools';
import { InsertTools } from './InsertTools';
import { ViewTools } from './ViewTools';

/** In the order they give way: the last ones go into "More" first. */
const GROUPS: { label: string; Tools: ComponentType }[] = [
  { label: 'Insert', Tools: InsertTools },
  { label: 'History', Tools: HistoryTools },
  { label: 'View', Tools: ViewTools },
  ...ARRANGE_GROUPS,
];

export function EditorToolbar() {
  const row = useRef<HTMLDivElement>(null);
  const fitting = useFittingGroups(row, GROUPS.length);
  const group = ({ label, Tools }: (typeof GROUPS)[number], index: number, inRow: boolean) => (
    <span
      key={label}
      className="toolbar-group"
      role="group"
      aria-label={label}
      data-toolbar-group={inRow ? index : undefined}
    >
      {!inRow && <span className="toolbar-group-name">{label}</span>}
      <Tools />
    </span>
  );
  return (
    <Toolbar label="Editing tools" className="editor-toolbar" rowRef={row}>
      {GROUPS.slice(0, fitting).map((each, index) => group(each, index, true))}
      {fitting < GROUPS.length && (
        <MoreTools>{GROUPS.slice(fitting).map((each, index) => group(each, fitting + index, false))}</MoreTools>
      )}
    </Toolbar>
  );
}
