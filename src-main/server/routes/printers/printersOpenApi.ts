// /v1/printers in the OpenAPI document: the team's printers and a printer's live status.
import { printerListSchema, printerStatusSchema } from '@shared/api/printRequest';
import { errorResponse, jsonSchema, rateLimitHeaders, SECURED, type OpenApiFragment } from '../openapi/openApiParts';

export const printersOpenApi: OpenApiFragment = {
  schemas: {
    PrinterList: jsonSchema(printerListSchema),
    PrinterStatus: jsonSchema(printerStatusSchema),
  },
  paths: {
    '/v1/printers': {
      get: {
        summary: 'The team’s printers',
        security: SECURED,
        responses: {
          200: {
            description: 'Printers',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrinterList' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
        },
      },
    },
    '/v1/printers/{printerId}/status': {
      get: {
        summary: 'Ask the printer for its status now (~HS for raw ZPL printers)',
        security: SECURED,
        parameters: [{ name: 'printerId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description:
              'The status report; an unreachable printer is a report too (reachable: false, error naming the printer, never its address)',
            headers: rateLimitHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PrinterStatus' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
          404: errorResponse('NOT_FOUND: unknown id, or another team’s printer'),
          429: errorResponse('RATE_LIMITED (with Retry-After): status calls share the team’s rate limit'),
        },
      },
    },
  },
};
