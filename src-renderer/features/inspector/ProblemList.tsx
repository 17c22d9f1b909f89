// What is wrong with one element (or the label itself): validation errors, a value its barcode cannot take, text that does not fit.
import { useEditorStore } from '../../store';
import { issuesFor } from '../../editor/layoutIssues';

/** The field a problem is about: the whole path for the label, the part after `elements[n].` for an element. */
function where(path: string | undefined, elementId: string | undefined): string {
  if (!path) return '';
  const field = elementId === undefined ? path : path.replace(/^elements\[\d+\]\.?/, '');
  return field ? `${field}: ` : '';
}

export function ProblemList({ elementId }: { elementId: string | undefined }) {
  const issues = useEditorStore((state) => state.layoutIssues);
  const mine = issuesFor(issues, elementId);
  if (mine.length === 0) return null;
  return (
    <ul className="problem-list" aria-label="Problems">
      {mine.map((issue, index) => (
        <li key={index} className={issue.kind === 'error' ? 'problem-error' : 'problem-warning'}>
          <span className="visually-hidden">{issue.kind === 'error' ? 'Error: ' : 'Warning: '}</span>
          {where(issue.path, elementId)}
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
