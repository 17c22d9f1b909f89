// GET /v1/render-outputs/{renderId} in the OpenAPI document: kept outputs.
import { errorResponse, SECURED, type OpenApiFragment } from '../openapi/openApiParts';

export const renderOutputsOpenApi: OpenApiFragment = {
  schemas: {},
  paths: {
    '/v1/render-outputs/{renderId}': {
      get: {
        summary: 'Download a rendered output (kept 7 days)',
        security: SECURED,
        parameters: [{ name: 'renderId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: { description: 'The document, with its Content-Type and a Content-Disposition filename' },
          401: errorResponse('AUTH_REQUIRED'),
          404: errorResponse('NOT_FOUND: unknown id, or another team’s output'),
          410: errorResponse('OUTPUT_EXPIRED: older than 7 days'),
        },
      },
    },
  },
};
