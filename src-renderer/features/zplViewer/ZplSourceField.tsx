// The ZPL text: typed or pasted, or read from a .zpl/.txt file; the page selects warning positions in it through the ref.
import { useId, type ChangeEvent, type Ref } from 'react';

export interface ZplSourceFieldProps {
  value: string;
  onChange(zpl: string): void;
  /** Rows of the text area: the page gives it the height of the window, a dialog less. */
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A file as the printer would get it is bytes; pasted ZPL is text. Files are read as UTF-8, as most ZPL is ASCII or ^CI28. */
async function readZplFile(event: ChangeEvent<HTMLInputElement>): Promise<string | null> {
  const file = event.target.files?.[0];
  event.target.value = '';
  return file ? file.text() : null;
}

export function ZplSourceField({ value, onChange, rows = 20, ref }: ZplSourceFieldProps) {
  const ids = { text: useId(), file: useId(), hint: useId() };
  return (
    <div className="zpl-source">
      <div className="field">
        <label htmlFor={ids.text}>ZPL</label>
        <textarea
          id={ids.text}
          ref={ref}
          className="code"
          rows={rows}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={'^XA\n^FO50,50^A0N,40,40^FDHello^FS\n^XZ'}
          aria-describedby={ids.hint}
        />
        <span id={ids.hint} className="hint">
          Paste a label from a carrier or an old format, or open a file. Nothing leaves this server.
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.file}>Open a ZPL file</label>
        <input
          id={ids.file}
          type="file"
          accept=".zpl,.txt,.prn,text/plain"
          onChange={(event) =>
            void readZplFile(event).then((text) => {
              if (text !== null) onChange(text);
            })
          }
        />
      </div>
    </div>
  );
}
