// The editor's right-hand panel: inspector, sample data, preview, the image library and version history as tabs.
import { useEditorStore, type SidePanel as Panel } from '../../store';
import { Tabs } from '../../ui/Tabs';
import { DataPanel } from '../dataPanel/DataPanel';
import { HistoryPanel } from '../history/HistoryPanel';
import { ImageLibraryPanel } from '../imageLibrary/ImageLibraryPanel';
import { Inspector } from '../inspector/Inspector';
import { PreviewPanel } from '../preview/PreviewPanel';

const TABS: { id: Panel; label: string }[] = [
  { id: 'inspector', label: 'Inspector' },
  { id: 'data', label: 'Data' },
  { id: 'preview', label: 'Preview' },
  { id: 'images', label: 'Images' },
  { id: 'history', label: 'History' },
];

export function SidePanel() {
  const panel = useEditorStore((state) => state.sidePanel);
  const setSidePanel = useEditorStore((state) => state.setSidePanel);
  return (
    <aside className="side-panel" aria-label="Properties">
      <Tabs label="Panels" tabs={TABS} selected={panel} onSelect={setSidePanel}>
        {panel === 'inspector' && <Inspector />}
        {panel === 'data' && <DataPanel />}
        {panel === 'preview' && <PreviewPanel />}
        {panel === 'images' && <ImageLibraryPanel />}
        {panel === 'history' && <HistoryPanel />}
      </Tabs>
    </aside>
  );
}
