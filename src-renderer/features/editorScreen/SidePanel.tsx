// The editor's right-hand panel: inspector, sample data, preview, the image library and version history as tabs.
import { useEditorStore, type SidePanel as Panel } from '../../store';
import { LazyPart, lazyNamed } from '../../ui/lazyPart';
import { Tabs } from '../../ui/Tabs';
import { Inspector } from '../inspector/Inspector';

// The inspector shows when the editor opens; the other tabs come as chunks of their own when first chosen (the data
// tab with the sheet readers, the preview with the printer views).
const DataPanel = lazyNamed(() => import('../dataPanel/DataPanel'), 'DataPanel');
const HistoryPanel = lazyNamed(() => import('../history/HistoryPanel'), 'HistoryPanel');
const ImageLibraryPanel = lazyNamed(() => import('../imageLibrary/ImageLibraryPanel'), 'ImageLibraryPanel');
const PreviewPanel = lazyNamed(() => import('../preview/PreviewPanel'), 'PreviewPanel');

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
        <LazyPart>
          {panel === 'data' && <DataPanel />}
          {panel === 'preview' && <PreviewPanel />}
          {panel === 'images' && <ImageLibraryPanel />}
          {panel === 'history' && <HistoryPanel />}
        </LazyPart>
      </Tabs>
    </aside>
  );
}
