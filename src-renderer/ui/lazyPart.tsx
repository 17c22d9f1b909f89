// Parts of the page fetched as their own chunk when first shown (pages, side panel tabs, dialogs), and what shows meanwhile.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * React.lazy for a module's named export: `lazyNamed(() => import('./PrintDialog'), 'PrintDialog')`. The import()
 * must stay at the call site, where the bundler sees it and makes the module a chunk of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own lazy() takes components of any props.
export function lazyNamed<Module extends Record<Name, ComponentType<any>>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Module[Name] {
  return lazy(async () => ({ default: (await load())[name] })) as unknown as Module[Name];
}

/**
 * Shows `children` once their chunk is there; until then a status line (pages, panels), or nothing where a placeholder
 * would only flash (a dialog opens a moment later).
 */
export function LazyPart({ children, quiet = false }: { children: ReactNode; quiet?: boolean }) {
  const fallback = quiet ? null : (
    <p role="status" className="center-page">
      Loading…
    </p>
  );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
