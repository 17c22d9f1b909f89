// Draft or published, as a badge people read the same way everywhere.
export function StatusBadge({ status }: { status: 'draft' | 'published' }) {
  return <span className={`badge badge-${status}`}>{status === 'published' ? 'Published' : 'Draft'}</span>;
}
