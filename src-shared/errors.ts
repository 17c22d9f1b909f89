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
    super('INVALID_TEMPLATE', 400, `template is invalid: ${errors.length} problem(s), first: ${errors[0]?.path ?? ''}: ${errors[0]?.message ?? ''}`, { errors });
  }
}

/** Rendering failed because of the data (say a value its barcode symbology cannot encode). */
export class RenderError extends AppError {
  constructor(message: string, readonly elementId?: string) {
    super('RENDER_ERROR', 502, message, elementId === undefined ? { reason: message } : { elementId, reason: message });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Record<string, unknown>) {
    super('BAD_REQUEST', 400, message, details);
  }
}
