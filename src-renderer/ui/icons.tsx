// Small line icons for the toolbar's arrange buttons (decorative: every button has its own name).
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const line = { stroke: 'currentColor', strokeWidth: 1.5, fill: 'none' } as const;
const solid = { fill: 'currentColor' } as const;

export const ICONS = {
  alignLeft: (
    <Icon>
      <path d="M2 1v14" {...line} />
      <rect x="4" y="3" width="9" height="3" {...solid} />
      <rect x="4" y="10" width="6" height="3" {...solid} />
    </Icon>
  ),
  alignCenter: (
    <Icon>
      <path d="M8 1v14" {...line} />
      <rect x="3" y="3" width="10" height="3" {...solid} />
      <rect x="5" y="10" width="6" height="3" {...solid} />
    </Icon>
  ),
  alignRight: (
    <Icon>
      <path d="M14 1v14" {...line} />
      <rect x="3" y="3" width="9" height="3" {...solid} />
      <rect x="6" y="10" width="6" height="3" {...solid} />
    </Icon>
  ),
  alignTop: (
    <Icon>
      <path d="M1 2h14" {...line} />
      <rect x="3" y="4" width="3" height="9" {...solid} />
      <rect x="10" y="4" width="3" height="6" {...solid} />
    </Icon>
  ),
  alignMiddle: (
    <Icon>
      <path d="M1 8h14" {...line} />
      <rect x="3" y="3" width="3" height="10" {...solid} />
      <rect x="10" y="5" width="3" height="6" {...solid} />
    </Icon>
  ),
  alignBottom: (
    <Icon>
      <path d="M1 14h14" {...line} />
      <rect x="3" y="3" width="3" height="9" {...solid} />
      <rect x="10" y="6" width="3" height="6" {...solid} />
    </Icon>
  ),
  distributeHorizontal: (
    <Icon>
      <path d="M1 1v14M15 1v14" {...line} />
      <rect x="6.5" y="4" width="3" height="8" {...solid} />
    </Icon>
  ),
  distributeVertical: (
    <Icon>
      <path d="M1 1h14M1 15h14" {...line} />
      <rect x="4" y="6.5" width="8" height="3" {...solid} />
    </Icon>
  ),
  bringForward: (
    <Icon>
      <rect x="1.5" y="5.5" width="8" height="8" {...line} />
      <rect x="6" y="2" width="8" height="8" {...solid} />
    </Icon>
  ),
  sendBackward: (
    <Icon>
      <rect x="1" y="5" width="8" height="8" {...solid} />
      <rect x="6.5" y="2.5" width="8" height="8" {...line} fill="white" />
    </Icon>
  ),
  bringToFront: (
    <Icon>
      <path d="M8 1l4 4H9v6H7V5H4z" {...solid} />
      <path d="M2 14h12" {...line} />
    </Icon>
  ),
  sendToBack: (
    <Icon>
      <path d="M8 12l4-4H9V2H7v6H4z" {...solid} />
      <path d="M2 14.5h12" {...line} />
    </Icon>
  ),
};
