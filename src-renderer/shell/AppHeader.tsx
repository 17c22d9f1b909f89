// The top bar of the gallery, ZPL, printers and settings pages: the product, where you are, and the app's notices.
import { NoticeBar } from '../ui/NoticeBar';
import type { Route } from './routes';

export function AppHeader({ route }: { route: Route }) {
  return (
    <header className="app-header">
      <a className="brand" href="#/">
        Labelsmith
      </a>
      <nav aria-label="Main">
        <a href="#/" aria-current={route.page === 'gallery' ? 'page' : undefined}>
          Templates
        </a>
        <a href="#/zpl" aria-current={route.page === 'zpl' ? 'page' : undefined}>
          ZPL
        </a>
        <a href="#/printers" aria-current={route.page === 'printers' ? 'page' : undefined}>
          Printers
        </a>
        <a href="#/settings" aria-current={route.page === 'settings' ? 'page' : undefined}>
          Settings
        </a>
      </nav>
      <NoticeBar />
    </header>
  );
}
