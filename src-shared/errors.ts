// Errors with a stable `code`: the one vocabulary shared by the engine, the HTTP API and the CLI.

export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The template failed validation; every problem is listed as {path, message}. */
export class InvalidTemplateError extends AppError {
  constructor(readonly errors: ErrorDetail[]) {
    super(
      'INVALID_TEMPLATE',
      400,
      `template is invalid: ${errors.length} problem(s), first: ${errors[0]?.path ?? ''}: ${errors[0]?.message ?? ''}`,
      { errors },
    );
  }
}

/** Rendering failed because of the data (say a value its barcode symbology cannot encode). */
export class RenderError extends AppError {
  constructor(
    message: string,
    readonly elementId?: string,
    kind: { code: string; status: number; details?: Record<string, unknown> } = { code: 'RENDER_ERROR', status: 502 },
  ) {
    super(kind.code, kind.status, message, {
      ...(elementId === undefined ? {} : { elementId }),
      reason: message,
      ...kind.details,
    });
  }
}

/**
 * A barcode value its symbology cannot hold (characters, length, a wrong check digit): the request's data is at fault,
 * so 400 with a code of its own, naming the element, the symbology and what to change. A RenderError still, so every
 * place that marks the failing element (canvas, batches, thumbnails) keeps doing so.
 */
export class BarcodeDataError extends RenderError {
  constructor(message: string, elementId: string, symbology: string, fix: string) {
    super(`${message}: ${fix}`, elementId, { code: 'INVALID_BARCODE_DATA', status: 400, details: { symbology, fix } });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('BAD_REQUEST', 400, message, details);
  }
}

/** Anything but an AppError thrown while drawing is a failure of this render, not of the process. */
export function asRenderFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new RenderError(`rendering failed: ${error instanceof Error ? error.message : String(error)}`);
}
