// The API's error vocabulary (spec section 7 plus the decisions in docs/api.md), one AppError subclass per code.
import { AppError } from '../errors';

export class NotFoundError extends AppError {
  constructor(message = 'not found') {
    super('NOT_FOUND', 404, message);
  }
}

export class AuthRequiredError extends AppError {
  constructor(message = 'a valid API key is required: send Authorization: Bearer <API_KEY>') {
    super('AUTH_REQUIRED', 401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', 403, message);
  }
}

/** The editor's admin API (or one of its settings) used from another machine without --admin-lan allowing it. */
export class LocalOnlyError extends AppError {
  constructor(message: string) {
    super('LOCAL_ONLY', 403, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limit: string) {
    super('PAYLOAD_TOO_LARGE', 413, `request body is larger than ${limit}`);
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 429, 'rate limit exceeded');
  }
}

export class QuotaExceededError extends AppError {
  constructor() {
    super('QUOTA_EXCEEDED', 429, 'monthly render quota exceeded');
  }
}

/** A kept output over the per-output cap: refused before anything is written. */
export class OutputTooLargeError extends AppError {
  constructor(sizeBytes: number, limitBytes: number) {
    super(
      'OUTPUT_TOO_LARGE',
      413,
      `the output is ${sizeBytes} bytes, over the ${limitBytes}-byte limit of a kept output: split the batch, or ask for delivery "inline" (not kept)`,
      { sizeBytes, limitBytes },
    );
  }
}

/**
 * A kept output, or a library image (`what`), that would take the team past its storage budget, which its outputs and
 * library images share; retryAfterSeconds: until enough of its outputs expire (none when they never would).
 */
export class StorageExceededError extends AppError {
  constructor(
    storage: { usedBytes: number; limitBytes: number; sizeBytes: number },
    readonly retryAfterSeconds: number | undefined,
    what: 'output' | 'image' = 'output',
  ) {
    const { usedBytes, limitBytes, sizeBytes } = storage;
    const kept = `the team keeps ${usedBytes} of its ${limitBytes} bytes of outputs and library images`;
    const message =
      what === 'output'
        ? `storage budget exceeded: ${kept} and this output has ${sizeBytes}; outputs are deleted 7 days after rendering and ${retryAfterSeconds === undefined ? 'it is larger than the whole budget' : `enough of them expire in ${retryAfterSeconds} s`}`
        : `storage budget exceeded: ${kept} and this image would add ${sizeBytes} (with an SVG's raster); delete or replace library images with smaller ones${retryAfterSeconds === undefined ? '' : `, or wait ${retryAfterSeconds} s until enough outputs expire`}`;
    super('STORAGE_EXCEEDED', 429, message, storage);
  }
}

export class OutputExpiredError extends AppError {
  constructor() {
    super('OUTPUT_EXPIRED', 410, 'this render output has expired: outputs are kept for 7 days after rendering');
  }
}

export class ServiceBusyError extends AppError {
  /** `retryAfterSeconds`: sent as Retry-After (a team's own full queue drains within about that). */
  constructor(
    message = 'the render queue is full; retry shortly',
    readonly retryAfterSeconds?: number,
    details?: Record<string, unknown>,
  ) {
    super('SERVICE_BUSY', 503, message, details);
  }
}

/**
 * The client closed its connection before its render started: the render is dropped, never run, so a client that
 * gave up costs the workers nothing. Nobody reads the answer; the status (nginx's 499) tells the log why.
 */
export class ClientClosedError extends AppError {
  constructor() {
    super('CLIENT_CLOSED', 499, 'the client closed the connection before its render started: it was not rendered');
  }
}

/**
 * A request from a client address that already holds the most idle or unanswered connections it may: answered (rather
 * than reset) and its connection closed. retryAfterSeconds: a held connection is usually answered or closed by then.
 */
export class TooManyConnectionsError extends AppError {
  constructor(
    max: number,
    readonly retryAfterSeconds: number,
  ) {
    super(
      'TOO_MANY_CONNECTIONS',
      503,
      `this client address already holds ${max} idle or unanswered connections: reuse or close them (a keep-alive pool smaller than ${max}), then retry in ${retryAfterSeconds} s`,
    );
  }
}

/** A slug or name that must be unique is taken (admin CLI: library and template slugs). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', 409, message);
  }
}

/** A print job whose document is no longer kept (ended over 7 days ago, or no room in the team's storage then): it cannot be reprinted. */
export class DocumentGoneError extends AppError {
  constructor(jobId: string) {
    super(
      'DOCUMENT_GONE',
      410,
      `print job "${jobId}" can no longer be reprinted: an ended job's document is kept for 7 days, and only while the team's storage budget has room for it`,
    );
  }
}

/** A template version that the template does not have: `latestVersion` says which numbers exist (1 to it). */
export class TemplateVersionNotFoundError extends AppError {
  constructor(templateId: string, version: number, latestVersion: number | null) {
    const exists = latestVersion === null ? 'it has no versions' : `its versions are 1 to ${latestVersion}`;
    super('TEMPLATE_VERSION_NOT_FOUND', 404, `template "${templateId}" has no version ${version}: ${exists}`, {
      templateId,
      version,
      latestVersion,
    });
  }
}

/** A backend the request needs (the database, Redis) does not answer: the request did nothing; retry after a while. */
export class UnavailableError extends AppError {
  constructor(
    backend: string,
    readonly retryAfterSeconds: number,
    details?: Record<string, unknown>,
  ) {
    super(
      'UNAVAILABLE',
      503,
      `${backend} ${/ and /.test(backend) ? 'are' : 'is'} unavailable; retry in ${retryAfterSeconds} s`,
      details,
    );
  }
}
