// What the virtual printer and hot folder tables share: a row's Edit and Remove buttons, and the removal asked first, its outcome said in a notice.
import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/** The row's last cell; `what` names the row for screen readers ("virtual printer Old WMS"). */
export function EditRemoveCell({ what, onEdit, onRemove }: { what: string; onEdit(): void; onRemove(): void }) {
  return (
    <td>
      <div className="row-actions">
        <button type="button" aria-label={`Edit ${what}`} onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="danger" aria-label={`Remove ${what}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </td>
  );
}

export interface Removal<T> {
  /** Asks first (the dialog), then removes. */
  ask(item: T): void;
  /** The confirmation while one is asked, else nothing. */
  dialog: ReactNode;
}

/** Removal of a row asked first; `remove` resolves with the notice to show, a failure is shown as "Not removed"; `then` reloads. */
export function useConfirmedRemoval<T>(options: {
  title: string;
  message(item: T): string;
  remove(item: T): Promise<string>;
  then(): void;
}): Removal<T> {
  const [asked, setAsked] = useState<T | null>(null);
  const notice = editorStore.getState().showNotice;
  const confirm = async (item: T) => {
    try {
      notice('info', await options.remove(item));
    } catch (error) {
      notice('error', `Not removed: ${describeError(error)}`);
    } finally {
      options.then();
    }
  };
  return {
    ask: setAsked,
    dialog: asked !== null && (
      <ConfirmDialog
        title={options.title}
        message={options.message(asked)}
        confirmLabel="Remove"
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          setAsked(null);
          void confirm(asked);
        }}
      />
    ),
  };
}
