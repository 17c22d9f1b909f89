// The app's pages as hash routes (#/, #/templates/<id>, #/zpl, #/printers, #/settings): the built page links ./assets relatively, so paths must not change.
import { useSyncExternalStore } from 'react';

export type Route =
  | { page: 'gallery' }
  | { page: 'editor'; templateId: string }
  /** With a job: its ZPL opened (#/zpl/jobs/<id>), as the printer got it. */
  | { page: 'zpl'; jobId?: string }
  | { page: 'printers' }
  | { page: 'settings' }
  | { page: 'notFound'; hash: string };

/** The route a location hash names; an empty hash is the gallery. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/\/+$/, '') || '/';
  if (path === '/' || path === '') return { page: 'gallery' };
  if (path === '/settings') return { page: 'settings' };
  if (path === '/zpl') return { page: 'zpl' };
  if (path === '/printers') return { page: 'printers' };
  const zplJob = /^\/zpl\/jobs\/([^/]+)$/.exec(path);
  if (zplJob?.[1]) {
    try {
      return { page: 'zpl', jobId: decodeURIComponent(zplJob[1]) };
    } catch {
      return { page: 'notFound', hash };
    }
  }
  const editor = /^\/templates\/([^/]+)$/.exec(path);
  if (editor?.[1]) {
    try {
      return { page: 'editor', templateId: decodeURIComponent(editor[1]) };
    } catch {
      return { page: 'notFound', hash };
    }
  }
  return { page: 'notFound', hash };
}

/** The href of a route, for links (`<a href>`) and navigate(). */
export function routeHref(route: Route): string {
  switch (route.page) {
    case 'gallery':
      return '#/';
    case 'settings':
      return '#/settings';
    case 'zpl':
      return route.jobId === undefined ? '#/zpl' : `#/zpl/jobs/${encodeURIComponent(route.jobId)}`;
    case 'printers':
      return '#/printers';
    case 'editor':
      return `#/templates/${encodeURIComponent(route.templateId)}`;
    case 'notFound':
      return route.hash || '#/';
  }
}

export function navigate(route: Route): void {
  window.location.hash = routeHref(route);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current location hash, re-rendering on change. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}
