// The app: who is signed in, then the page the location hash names (gallery, editor, ZPL, settings).
import { useEffect, type ReactNode } from 'react';
import type { EditorSession } from '@shared/api/editorApi';
import { AppHeader } from './shell/AppHeader';
import { loadSession } from './shell/loadSession';
import { useMenuCommands } from './shell/menuCommands';
import { parseRoute, routeHref, useLocationHash, type Route } from './shell/routes';
import { ServerUnreachable } from './shell/ServerUnreachable';
import { SignInRequired } from './shell/SignInRequired';
import { editorStore, useEditorStore } from './store';
import { LazyPart, lazyNamed } from './ui/lazyPart';

// Each page is its own chunk, fetched when first shown: a cold start loads the page it opens on and not the others
// (the designer's canvas, fonts and layout engine are not needed to list templates, nor the ZPL reader to design).
const EditorScreen = lazyNamed(() => import('./features/editorScreen/EditorScreen'), 'EditorScreen');
const GalleryPage = lazyNamed(() => import('./features/gallery/GalleryPage'), 'GalleryPage');
const SettingsPage = lazyNamed(() => import('./features/settings/SettingsPage'), 'SettingsPage');
const PrintersPage = lazyNamed(() => import('./features/printers/PrintersPage'), 'PrintersPage');
const ZplPage = lazyNamed(() => import('./features/zplViewer/ZplPage'), 'ZplPage');

function NotFoundPage() {
  return (
    <main className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title" tabIndex={-1} data-focus-fallback>
        Page not found
      </h1>
      <p>
        <a href="#/">Back to the templates</a>
      </p>
    </main>
  );
}

/** A page under the app's header, loaded on first use. */
function WithHeader({ route, children }: { route: Route; children: ReactNode }) {
  return (
    <>
      <AppHeader route={route} />
      <LazyPart>{children}</LazyPart>
    </>
  );
}

function Page({ route, session }: { route: Route; session: EditorSession }) {
  switch (route.page) {
    case 'editor':
      // Keyed by id: opening another template starts a fresh screen.
      return (
        <LazyPart>
          <EditorScreen key={route.templateId} templateId={route.templateId} />
        </LazyPart>
      );
    case 'settings':
      return (
        <WithHeader route={route}>
          <SettingsPage session={session} />
        </WithHeader>
      );
    case 'zpl':
      return (
        <WithHeader route={route}>
          {/* Keyed by job: opening another job's ZPL starts from its text. */}
          <ZplPage key={route.jobId ?? ''} jobId={route.jobId} />
        </WithHeader>
      );
    case 'printers':
      return (
        <WithHeader route={route}>
          <PrintersPage />
        </WithHeader>
      );
    case 'gallery':
      return (
        <WithHeader route={route}>
          <GalleryPage />
        </WithHeader>
      );
    case 'notFound':
      return (
        <WithHeader route={route}>
          <NotFoundPage />
        </WithHeader>
      );
  }
}

export function App() {
  const session = useEditorStore((state) => state.session);
  const route = parseRoute(useLocationHash());
  useEffect(() => {
    void loadSession();
  }, []);
  useMenuCommands(session.status === 'signedIn');
  // Messages belong to the screen they are about: opening another one leaves them behind.
  const screen = routeHref(route);
  useEffect(() => editorStore.getState().setScreen(screen), [screen]);
  useEffect(() => {
    const titles = {
      gallery: 'Templates',
      editor: 'Editor',
      zpl: 'ZPL',
      printers: 'Printers',
      settings: 'Settings',
      notFound: 'Not found',
    } as const;
    document.title = `${titles[route.page]} · Labelsmith`;
  }, [route.page]);

  switch (session.status) {
    case 'loading':
      return (
        <p role="status" className="center-page">
          Loading…
        </p>
      );
    case 'signedOut':
      return <SignInRequired message={session.message} />;
    case 'unreachable':
      return <ServerUnreachable message={session.message} />;
    case 'signedIn':
      return <Page route={route} session={session.session} />;
  }
}
