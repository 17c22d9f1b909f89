// Text in a field or a text area: live while typing (one undo step per visit), or only when leaving it for values that must not change mid-word.
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useGestureEdit } from './useGestureEdit';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  multiline?: boolean;
  /** 'blur': the value is applied when the field is left or Enter pressed (say an element id, which other things follow). */
  applyOn?: 'input' | 'blur';
  placeholder?: string;
  maxLength?: number;
  /** Under the field (hints, errors), read as its description. */
  hint?: ReactNode;
  hintId?: string;
  invalid?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  applyOn = 'input',
  placeholder,
  maxLength,
  hint,
  hintId,
  invalid,
}: TextFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const gesture = useGestureEdit();
  const id = useId();
  const shown = draft ?? value;
  const finish = () => {
    if (applyOn === 'blur' && draft !== null && draft !== value) onChange(draft);
    setDraft(null);
    gesture.commit();
  };
  const common = {
    id,
    value: shown,
    placeholder,
    maxLength,
    'aria-describedby': hint ? hintId : undefined,
    'aria-invalid': invalid || undefined,
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      setDraft(next);
      if (applyOn === 'input') gesture.change(() => onChange(next));
    },
    onBlur: finish,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (event.key === 'Enter' && !multiline) finish();
      if (event.key === 'Escape') {
        gesture.cancel();
        setDraft(null);
      }
    },
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {hint}
    </div>
  );
}
