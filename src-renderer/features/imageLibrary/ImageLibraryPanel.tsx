// The Images tab: the workspace's shared image library (upload, replace, delete) and "Use" to show one in the selected image element.
import { useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { imageNameSchema, type LibraryImage } from '@shared/api/images';
import { slugify } from '@shared/api/slug';
import { LIBRARY_IMAGE_PREFIX } from '@shared/elements/image/libraryImageRefs';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { toBase64 } from '../../elements/image/imageUpload';
import { selectSelectedElements, useEditorStore } from '../../store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { libraryImagesStore, refreshLibraryImages } from './libraryImagesStore';

const ACCEPT = 'image/png,image/jpeg,image/svg+xml,.svg';

async function fileBase64(file: File): Promise<string> {
  return toBase64(new Uint8Array(await file.arrayBuffer()));
}

/** The name a file suggests: its name without the extension, as a slug. */
function suggestedName(file: File): string {
  return slugify(file.name.replace(/\.[^.]*$/, ''));
}

function FilePicker({ label, onPick }: { label: string; onPick(file: File): void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="file"
        accept={ACCEPT}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
    </label>
  );
}

export function ImageLibraryPanel() {
  const { images, loaded, problem: loadProblem } = useStore(libraryImagesStore);
  const selected = useEditorStore(selectSelectedElements);
  const updateElement = useEditorStore((state) => state.updateElement);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);
  const problemId = useId();
  const target = selected.length === 1 && selected[0]?.type === 'image' ? selected[0] : undefined;

  useEffect(() => {
    void refreshLibraryImages();
  }, []);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setProblem(null);
    } catch (error) {
      setProblem(describeError(error));
    }
    await refreshLibraryImages();
  };

  const upload = (file: File) =>
    run(async () => {
      const chosen = name.trim() === '' ? suggestedName(file) : name.trim();
      const parsed = imageNameSchema.safeParse(chosen);
      if (!parsed.success) throw new Error(`Name "${chosen}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      await client.uploadImage(chosen, await fileBase64(file));
      setName('');
    });

  return (
    <section className="image-library" aria-label="Image library">
      <p className="hint">
        Images shared by every template of the workspace: a template shows the current one, so replacing a logo here
        changes every label that uses it.
      </p>
      <fieldset className="field-group">
        <legend>Add an image</legend>
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            placeholder="from the file name"
            onChange={(event) => setName(event.target.value)}
            aria-describedby={problem ? problemId : undefined}
          />
        </label>
        <FilePicker label="Upload PNG, JPEG or SVG" onPick={(file) => void upload(file)} />
      </fieldset>
      {(problem ?? loadProblem) && (
        <p id={problemId} role="alert" className="error-text">
          {problem ?? loadProblem}
        </p>
      )}
      {loaded && images.length === 0 && <p className="hint">No images yet.</p>}
      <ul className="image-library-list">
        {images.map((image) => (
          <li key={image.name} className="image-library-item" aria-label={`Image ${image.name}`}>
            <img
              className="image-library-thumb"
              src={client.imageUrl(image.name, image.updatedAt)}
              alt={`Image ${image.name}`}
            />
            <div className="image-library-info">
              <strong>{image.name}</strong>
              <span className="hint">
                {image.type.toUpperCase()} · {image.pixelWidth}×{image.pixelHeight} ·{' '}
                {Math.ceil(image.sizeBytes / 1024)} KB
              </span>
              <div className="image-library-actions">
                <button
                  type="button"
                  disabled={target === undefined}
                  title={
                    target === undefined ? 'Select one image element first' : `Show ${image.name} in "${target.id}"`
                  }
                  onClick={() => target && updateElement(target.id, { src: `${LIBRARY_IMAGE_PREFIX}${image.name}` })}
                >
                  Use
                </button>
                <FilePicker
                  label={`Replace ${image.name}`}
                  onPick={(file) => void run(async () => client.replaceImage(image.name, await fileBase64(file)))}
                />
                <button type="button" className="danger" onClick={() => setDeleting(image)}>
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={`Delete image "${deleting.name}"?`}
          message="Templates that use it will draw nothing in its place until an image of that name is added again."
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const doomed = deleting.name;
            setDeleting(null);
            void run(() => client.deleteImage(doomed));
          }}
        />
      )}
    </section>
  );
}
