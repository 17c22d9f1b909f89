// The canvas layout's problems as the panels show them: validation errors and element failures, then render warnings, each tied to its element.
import type { CanvasLayout } from '../engine';

export interface LayoutIssue {
  kind: 'error' | 'warning';
  /** The element it is about; absent for the label itself. */
  elementId?: string;
  /** Every element it is about, when several (overlaps): it shows on each of them. */
  elementIds?: string[];
  /** A warning's stable code (TEXT_OVERLAP, …). */
  code?: string;
  /** Where in the template, for validation errors ("elements[2].style.fontSize"). */
  path?: string;
  message: string;
}

export interface LayoutIssues {
  /** True while the template is invalid: the canvas shows its last valid layout. */
  stale: boolean;
  issues: LayoutIssue[];
}

export const NO_ISSUES: LayoutIssues = Object.freeze({ stale: false, issues: [] }) as LayoutIssues;

/** `elements[3].style` → the id of element 3 of the template as typed (ids may themselves be what is wrong). */
function elementIdAt(path: string | undefined, elements: readonly unknown[]): string | undefined {
  const index = /^elements\[(\d+)\]/.exec(path ?? '')?.[1];
  if (index === undefined) return undefined;
  const id = (elements[Number(index)] as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

export function layoutIssues(
  layout: Pick<CanvasLayout, 'errors' | 'stale' | 'label'>,
  template: { elements?: readonly unknown[] },
): LayoutIssues {
  const elements = template.elements ?? [];
  const errors: LayoutIssue[] = layout.errors.map((error) => ({
    kind: 'error',
    elementId: error.elementId ?? elementIdAt(error.path, elements),
    ...(error.path !== undefined && { path: error.path }),
    message: error.message,
  }));
  // A stale layout's warnings are the last valid one's: they may be about things already changed.
  const warnings: LayoutIssue[] = layout.stale
    ? []
    : layout.label.warnings.map((warning) => ({
        kind: 'warning',
        code: warning.code,
        elementId: warning.elementId,
        ...(warning.elementIds && { elementIds: warning.elementIds }),
        message: warning.message,
      }));
  if (errors.length === 0 && warnings.length === 0 && !layout.stale) return NO_ISSUES;
  return { stale: layout.stale, issues: [...errors, ...warnings] };
}

/** The elements an issue is about (none: the label itself). */
export function issueElementIds(issue: Pick<LayoutIssue, 'elementId' | 'elementIds'>): string[] {
  return issue.elementIds ?? (issue.elementId === undefined ? [] : [issue.elementId]);
}

/** The issues about one element (an overlap is about each of its elements), or (undefined) about the label itself. */
export function issuesFor(issues: LayoutIssues, elementId: string | undefined): LayoutIssue[] {
  return issues.issues.filter((issue) =>
    elementId === undefined ? issue.elementId === undefined : issueElementIds(issue).includes(elementId),
  );
}
