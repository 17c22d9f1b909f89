import { describe, expect, it } from 'vitest';
import { issuesFor, layoutIssues, NO_ISSUES } from './layoutIssues';

const label = (warnings: { code: string; message: string; elementId?: string }[] = []) => ({
  width: 100,
  height: 50,
  elements: [],
  warnings,
});
const template = { elements: [{ id: 'title' }, { id: 'code' }] };

describe('layout issues', () => {
  it('tie validation errors to the element their path names', () => {
    const issues = layoutIssues(
      {
        stale: true,
        label: label([{ code: 'TEXT_TRUNCATED', message: 'old', elementId: 'title' }]),
        errors: [
          { path: 'elements[1].width', message: 'must be a number followed by a unit' },
          { path: 'dimensions.height', message: 'must be greater than zero' },
        ],
      },
      template,
    );
    expect(issues.stale).toBe(true);
    // The stale layout's warnings are left out.
    expect(issues.issues).toEqual([
      { kind: 'error', elementId: 'code', path: 'elements[1].width', message: 'must be a number followed by a unit' },
      { kind: 'error', elementId: undefined, path: 'dimensions.height', message: 'must be greater than zero' },
    ]);
    expect(issuesFor(issues, 'code')).toHaveLength(1);
    expect(issuesFor(issues, undefined).map((issue) => issue.path)).toEqual(['dimensions.height']);
  });

  it('list element failures and warnings of a valid layout', () => {
    const issues = layoutIssues(
      {
        stale: false,
        label: label([{ code: 'TEXT_TRUNCATED', message: '1 line does not fit', elementId: 'title' }]),
        errors: [{ path: 'elements[1]', elementId: 'code', message: 'value is empty' }],
      },
      template,
    );
    expect(issues.issues.map((issue) => [issue.kind, issue.elementId])).toEqual([
      ['error', 'code'],
      ['warning', 'title'],
    ]);
  });

  it('show a warning about several elements on each of them', () => {
    const overlap = {
      code: 'TEXT_OVERLAP',
      message: 'the text of "code" is drawn over the text of "title"',
      elementId: 'code',
      elementIds: ['title', 'code'],
    };
    const issues = layoutIssues({ stale: false, label: label([overlap]), errors: [] }, template);
    expect(issues.issues).toEqual([
      {
        kind: 'warning',
        code: 'TEXT_OVERLAP',
        elementId: 'code',
        elementIds: ['title', 'code'],
        message: overlap.message,
      },
    ]);
    expect(issuesFor(issues, 'title')).toHaveLength(1);
    expect(issuesFor(issues, 'code')).toHaveLength(1);
    expect(issuesFor(issues, undefined)).toEqual([]);
  });

  it('is one shared empty value when all is well', () => {
    expect(layoutIssues({ stale: false, label: label(), errors: [] }, template)).toBe(NO_ISSUES);
  });
});
