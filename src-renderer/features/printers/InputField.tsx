// A labelled text input of the printer forms, with its hint, or the server's problem with it in its place.
import { useId, type InputHTMLAttributes } from 'react';

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onValue(value: string): void;
}

export function InputField({ label, value, error, hint, onValue, ...input }: InputFieldProps) {
  const noteId = useId();
  const note = error ?? hint;
  return (
    <label className="field">
      <span>{label}</span>
      <input
        {...input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
      />
      {note && (
        <span id={noteId} className={error ? 'error-text' : 'hint'}>
          {note}
        </span>
      )}
    </label>
  );
}
