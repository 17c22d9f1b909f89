// The application around the document: who is signed in, which panel and preview format are showing, the gallery's query, notices.
import type { StateCreator } from 'zustand';
import type { EditorSession, TemplateSort } from '@shared/api/editorApi';
import type { OutputFormat } from '../api/apiConstants';
import { NO_ISSUES, type LayoutIssues } from '../editor/layoutIssues';
import { rememberCanvasTarget, rememberedCanvasTarget, type CanvasTarget } from '../editor/target/canvasTarget';
import type { LaidOutLabel } from '@shared/layout/laidOutLabel';
import type { EditorState } from './editorState';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedIn'; session: EditorSession }
  /** /api answered 401: the page must be opened through the admin link. */
  | { status: 'signedOut'; message: string }
  /** No /api at all (the page opened from a file, the server stopped). */
  | { status: 'unreachable'; message: string };

/** The page's local storage; none under Node (the store's tests). */
const pageStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export type SidePanel = 'inspector' | 'data' | 'preview' | 'images' | 'history';

export interface Notice {
  /** Grows with each notice, so the same message twice is announced twice. */
  id: number;
  kind: 'info' | 'error';
  message: string;
  /** The screen (its route's href) the notice is about: it goes when another screen opens. */
  screen: string;
}

export interface GalleryQuery {
  search: string;
  sort: TemplateSort;
}

export interface UiSlice {
  session: SessionState;
  setSession(session: SessionState): void;
  sidePanel: SidePanel;
  setSidePanel(panel: SidePanel): void;
  previewFormat: OutputFormat;
  setPreviewFormat(format: OutputFormat): void;
  gallery: GalleryQuery;
  setGalleryQuery(query: Partial<GalleryQuery>): void;
  /** Someone outside the gallery (the desktop's File menu) asked for the "New label" dialog; the gallery opens it. */
  newLabelRequested: boolean;
  requestNewLabel(requested: boolean): void;
  notice: Notice | null;
  /** `screen`: the screen it is about, when that is not the one open (an import about the template it opens next). */
  showNotice(kind: Notice['kind'], message: string, screen?: string): void;
  clearNotice(): void;
  /** The open screen's href, set by the app on every route change; a notice about another screen goes. */
  screen: string;
  setScreen(screen: string): void;
  /** The canvas area in CSS pixels, for zooming about its centre and fitting; null until measured. */
  canvasSize: { width: number; height: number } | null;
  setCanvasSize(size: { width: number; height: number }): void;
  /** The canvas layout's errors and warnings (set by the canvas, read by the panels). */
  layoutIssues: LayoutIssues;
  setLayoutIssues(issues: LayoutIssues): void;
  /** The printer (or resolution) the canvas draws for; the preview's ZPL tab shows the same printer. */
  canvasTarget: CanvasTarget;
  setCanvasTarget(target: CanvasTarget): void;
  /** The canvas's newest laid-out label (set by the canvas): the inspector reads a barcode's dots from it. */
  canvasLabel: LaidOutLabel | null;
  setCanvasLabel(label: LaidOutLabel): void;
  /** The text element being typed into on the canvas (a double click opens it); null: none. */
  editingTextId: string | null;
  editTextOnCanvas(id: string | null): void;
}

export const createUiSlice: StateCreator<EditorState, [], [], UiSlice> = (set) => ({
  session: { status: 'loading' },
  setSession: (session) => set({ session }),
  sidePanel: 'inspector',
  setSidePanel: (sidePanel) => set({ sidePanel }),
  previewFormat: 'png',
  setPreviewFormat: (previewFormat) => set({ previewFormat }),
  gallery: { search: '', sort: 'updated' },
  setGalleryQuery: (query) => set((state) => ({ gallery: { ...state.gallery, ...query } })),
  newLabelRequested: false,
  requestNewLabel: (newLabelRequested) => set({ newLabelRequested }),
  notice: null,
  showNotice: (kind, message, screen) =>
    set((state) => ({ notice: { id: (state.notice?.id ?? 0) + 1, kind, message, screen: screen ?? state.screen } })),
  clearNotice: () => set((state) => (state.notice === null ? {} : { notice: null })),
  screen: '',
  setScreen: (screen) =>
    set((state) => ({ screen, ...(state.notice !== null && state.notice.screen !== screen ? { notice: null } : {}) })),
  canvasSize: null,
  setCanvasSize: (size) =>
    set((state) =>
      state.canvasSize?.width === size.width && state.canvasSize.height === size.height ? {} : { canvasSize: size },
    ),
  layoutIssues: NO_ISSUES,
  setLayoutIssues: (layoutIssues) => set((state) => (state.layoutIssues === layoutIssues ? {} : { layoutIssues })),
  canvasTarget: rememberedCanvasTarget(pageStorage()),
  setCanvasTarget: (canvasTarget) =>
    set((state) => {
      if (state.canvasTarget === canvasTarget) return {};
      rememberCanvasTarget(pageStorage(), canvasTarget);
      return { canvasTarget };
    }),
  canvasLabel: null,
  setCanvasLabel: (canvasLabel) => set((state) => (state.canvasLabel === canvasLabel ? {} : { canvasLabel })),
  editingTextId: null,
  editTextOnCanvas: (editingTextId) => set((state) => (state.editingTextId === editingTextId ? {} : { editingTextId })),
});
