// The error every client call throws: the server's {error, code, details} kept apart, or a code of our own for transport failures.
import type { ErrorDetail } from '@shared/errors';

/** Codes the client makes itself; the server's (AUTH_REQUIRED, INVALID_TEMPLATE, ...) pass through as they are. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | `HTTP_${number}`;

export class EditorApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status; 0 when no answer came. */
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'EditorApiError';
  }

  /** The {path, message} list of INVALID_TEMPLATE (details.errors), empty for other errors. */
  get problems(): ErrorDetail[] {
    const errors = this.details?.errors;
    if (!Array.isArray(errors)) return [];
    return errors.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { path, message } = item as Record<string, unknown>;
      return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An error answer's body (any status >= 400) as an EditorApiError; a body that is not the server's error shape keeps the status. */
export function errorFromAnswer(status: number, statusText: string, bodyText: string): EditorApiError {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (isRecord(body) && typeof body.code === 'string' && typeof body.error === 'string') {
    return new EditorApiError(body.code, body.error, status, isRecord(body.details) ? body.details : undefined);
  }
  const text = bodyText.trim().slice(0, 200);
  return new EditorApiError(
    `HTTP_${status}`,
    `the server answered ${status}${statusText ? ` ${statusText}` : ''}${text ? `: ${text}` : ''}`,
    status,
  );
}

/** A fetch that never got an answer (server stopped, network down). */
export function networkError(cause: unknown): EditorApiError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new EditorApiError(
    'NETWORK_ERROR',
    `the Labelsmith server could not be reached (${reason}); is \`labelsmith serve\` running?`,
    0,
  );
}

/** A message for people: the server's message, and for an invalid template its first problems with their paths. */
export function describeError(error: unknown): string {
  if (error instanceof EditorApiError) {
    const problems = error.problems;
    if (problems.length === 0) return error.message;
    const listed = problems
      .slice(0, 3)
      .map((problem) => (problem.path ? `${problem.path}: ${problem.message}` : problem.message));
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    return `The label has problems: ${listed.join('; ')}${more}`;
  }
  return error instanceof Error ? error.message : String(error);
}
