// Saving bytes as a file from a browser page: a temporary <a download> on a blob URL (api/fileTransfer picks this or the app's dialog).

/** Starts a download of `blob` named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is kept a while for browsers that read it lazily.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file name part from free text: letters, digits and hyphens. */
export function fileStem(name: string, fallback = 'label'): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || fallback;
}
