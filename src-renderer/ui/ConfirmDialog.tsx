// "Are you sure?" for changes that cannot be undone: the safe choice (Cancel) has the focus.
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  /** The confirming button's text, say "Delete" or "Revoke". */
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  /** Danger styling for destructive actions. */
  danger?: boolean;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onCancel} description={message}>
      <div className="dialog-actions">
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
