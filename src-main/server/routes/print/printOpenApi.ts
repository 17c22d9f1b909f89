// /v1/print and /v1/print-jobs in the OpenAPI document: printing, the print history, reprints and cancelling.
import {
  printJobListQuerySchema,
  printJobPageSchema,
  printJobSchema,
  printRequestSchema,
  reprintRequestSchema,
} from '@shared/api/printRequest';
import {
  errorResponse,
  jsonSchema,
  rateLimitHeaders,
  renderErrors,
  SECURED,
  type OpenApiFragment,
} from '../openapi/openApiParts';

export const printOpenApi: OpenApiFragment = {
  schemas: {
    PrintRequest: jsonSchema(printRequestSchema, 'input'),
    PrintJob: jsonSchema(printJobSchema),
    PrintJobPage: jsonSchema(printJobPageSchema),
    ReprintRequest: jsonSchema(reprintRequestSchema, 'input'),
  },
  paths: {
    '/v1/print': {
      post: {
        summary: 'Print a saved or inline template with data or records on one of the team’s printers',
        description:
          'Renders at once (bad input fails here, as in /v1/render) and answers 202 with the queued job; counts labels × copies as renders.',
        security: SECURED,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintRequest' } } },
        },
        responses: {
          202: {
            description: 'The job, queued; follow it at the Location header',
            headers: {
              ...rateLimitHeaders,
              Location: { description: 'The job: /v1/print-jobs/{jobId}', schema: { type: 'string' } },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
          },
          ...renderErrors(
            'NOT_FOUND: templateId or printerId not found (another team’s printer included); TEMPLATE_VERSION_NOT_FOUND: no such templateVersion',
          ),
        },
      },
    },
    '/v1/print-jobs': {
      get: {
        summary:
          'The team’s print history: its jobs newest first, filtered by printer, status, template and time, a page at a time',
        security: SECURED,
        parameters: Object.entries(
          (jsonSchema(printJobListQuerySchema, 'input').properties ?? {}) as Record<string, Record<string, unknown>>,
        ).map(([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          description: schema.description,
          schema: { ...schema, description: undefined },
        })),
        responses: {
          200: {
            description: 'One page; pass nextCursor as cursor for the next',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJobPage' } } },
          },
          400: errorResponse('BAD_REQUEST: a malformed filter, limit or cursor (details.errors name it)'),
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
        },
      },
    },
    '/v1/print-jobs/{jobId}/reprint': {
      post: {
        summary:
          'Print chosen labels of a job again with the same data, template version, serials and counter values: a new job with reprintOf',
        security: SECURED,
        parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ReprintRequest' } } },
        },
        responses: {
          202: {
            description: 'The reprint job, queued',
            headers: {
              ...rateLimitHeaders,
              Location: { description: 'The job: /v1/print-jobs/{jobId}', schema: { type: 'string' } },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
          },
          400: errorResponse(
            'BAD_REQUEST: labels the job does not have, or malformed (details.errors: [{path: "labels", message}])',
          ),
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key'),
          404: errorResponse('NOT_FOUND: unknown id, or another team’s job'),
          409: errorResponse('CONFLICT: the job gave its counter values back, or its printer was removed'),
          410: errorResponse(
            'DOCUMENT_GONE: the job ended over 7 days ago, or its document was not kept (storage budget)',
          ),
          429: errorResponse('RATE_LIMITED (with Retry-After) or QUOTA_EXCEEDED'),
        },
      },
    },
    '/v1/print-jobs/{jobId}/cancel': {
      post: {
        summary:
          'Stop a queued or sending job: no further connection to the printer (a chunk in flight finishes); its counter values go back if nothing of it printed',
        security: SECURED,
        parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: {
            description: 'The job, cancelled (again: the same answer)',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key'),
          404: errorResponse('NOT_FOUND: unknown id, or another team’s job'),
          409: errorResponse('CONFLICT: the job already ended (done or failed)'),
        },
      },
    },
    '/v1/print-jobs/{jobId}': {
      get: {
        summary: 'A print job’s state: queued, sending, done, failed with the reason, or cancelled',
        security: SECURED,
        parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: {
            description: 'The job',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
          404: errorResponse('NOT_FOUND: unknown id, or another team’s job'),
        },
      },
    },
  },
};
