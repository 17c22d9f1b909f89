// role="toolbar" with arrow keys moving between its controls (every control also stays in the tab order).
import type { KeyboardEvent, ReactNode, Ref } from 'react';

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled)';

function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const target = event.target as HTMLElement;
  // Fields keep their own arrow keys.
  if (target.tagName === 'INPUT' || target.tagName === 'SELECT') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const at = items.indexOf(target);
  if (at === -1) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined) return;
  // Also tells the editor's shortcuts (which skip handled keys) that this arrow was not a nudge.
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}

export function Toolbar({
  label,
  children,
  className,
  rowRef,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  rowRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={rowRef}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      className={className ? `toolbar ${className}` : 'toolbar'}
      onKeyDown={moveFocus}
    >
      {children}
    </div>
  );
}
