// What every route's OpenAPI fragment is written with: JSON Schema from zod, the error response, the rate-limit headers, the security of an API key.
import { z } from 'zod';

/** One resource's part of the OpenAPI document: its component schemas and its paths. */
export interface OpenApiFragment {
  schemas: Record<string, unknown>;
  paths: Record<string, unknown>;
}

/** Every /v1 operation but the viewer without a key takes an API key as a Bearer token. */
export const SECURED = [{ bearer: [] }];

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); custom checks (plain objects) are described as any JSON value. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Record<string, unknown>;
}

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the window closest to exhaustion',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in that window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When that window resets, Unix epoch seconds', schema: { type: 'integer' } },
};

/** The errors of a request that renders (/v1/render, /v1/print): the same checks, so the same statuses. */
export function renderErrors(notFound: string): Record<number, unknown> {
  return {
    400: errorResponse(
      'BAD_REQUEST or INVALID_TEMPLATE (details.errors: [{path, message}]), or INVALID_BARCODE_DATA (details: elementId, symbology, reason, fix)',
    ),
    401: errorResponse('AUTH_REQUIRED'),
    403: errorResponse(
      'FORBIDDEN: a demo key used with anything but a library template (with /v1/print: any demo key)',
    ),
    404: errorResponse(notFound),
    413: errorResponse('PAYLOAD_TOO_LARGE: body over 1 MB'),
    429: errorResponse('RATE_LIMITED (with Retry-After) or QUOTA_EXCEEDED'),
    502: errorResponse(
      'RENDER_ERROR: the data cannot be rendered (details name the element), or the render took too long',
    ),
    503: errorResponse(
      'SERVICE_BUSY (with Retry-After): the team’s own render queue is full; or UNAVAILABLE (with Retry-After): the database or Redis does not answer',
    ),
  };
}
