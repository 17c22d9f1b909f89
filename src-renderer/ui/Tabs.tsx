// Tabs as the ARIA pattern has them: one tab stop, arrows (Home, End) move and select, the panel named by its tab.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabSpec<T>[];
  selected: T;
  onSelect(id: T): void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

export function Tabs<T extends string>({ label, tabs, selected, onSelect, children, className }: TabsProps<T>) {
  const prefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tab.id))}`)?.focus();
  };
  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div ref={list} role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={panelId}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
