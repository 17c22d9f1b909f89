// The image element's panel: a PNG or JPEG picked from disk (embedded as a data URI), how it fits its box, or a source expression.
import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { libraryImageName } from '@shared/elements/image/libraryImageRefs';
import { libraryImagesStore } from '../../features/imageLibrary/libraryImagesStore';
import { ExpressionField } from '../../features/inspector/ExpressionField';
import { SelectField } from '../../features/inspector/fields/SelectField';
import { useEditorStore, type ElementDraftOf } from '../../store';
import { readImageFile } from './imageUpload';

export function ImageInspector({ element }: { element: ElementDraftOf<'image'> }) {
  const updateElement = useEditorStore((state) => state.updateElement);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const library = libraryImageName(element.src);
  const libraryUri = useStore(libraryImagesStore, (state) =>
    library === undefined ? undefined : state.uris.get(library),
  );
  const pick = async (file: File) => {
    try {
      updateElement(element.id, { src: await readImageFile(file) });
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <fieldset className="field-group">
      <legend>Image</legend>
      {library !== undefined && (
        <p className="hint">
          Library image "{library}" (the Images tab manages it){libraryUri === undefined ? ': not in the library' : ''}
        </p>
      )}
      {library === undefined && element.src && (
        <img className="image-preview" src={element.src} alt="The embedded image" />
      )}
      {libraryUri !== undefined && (
        <img className="image-preview" src={libraryUri} alt={`Library image ${library ?? ''}`} />
      )}
      <label className="field">
        <span>Image file</span>
        <input
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void pick(file);
          }}
        />
      </label>
      {problem && (
        <p id={problemId} role="alert" className="error-text">
          {problem}
        </p>
      )}
      <SelectField
        label="Fit"
        value={element.fit ?? 'contain'}
        options={[
          { value: 'contain', label: 'Contain (whole image)' },
          { value: 'cover', label: 'Cover (fill, cropped)' },
          { value: 'fill', label: 'Fill (stretched)' },
        ]}
        onChange={(fit) => updateElement(element.id, { fit })}
      />
      <ExpressionField
        label="Source expression"
        scope="fields"
        value={element.contentExpression ?? ''}
        placeholder="Optional: a field holding a data URI"
        onChange={(source) =>
          updateElement(element.id, { contentExpression: source.trim() === '' ? undefined : source })
        }
      />
    </fieldset>
  );
}
