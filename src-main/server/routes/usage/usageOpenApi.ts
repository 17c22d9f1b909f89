// GET /v1/usage in the OpenAPI document.
import { usageSchema } from '@shared/api/resources';
import { errorResponse, jsonSchema, SECURED, type OpenApiFragment } from '../openapi/openApiParts';

export const usageOpenApi: OpenApiFragment = {
  schemas: {
    Usage: jsonSchema(usageSchema),
  },
  paths: {
    '/v1/usage': {
      get: {
        summary: 'Usage and quota of the team this period',
        security: SECURED,
        responses: {
          200: {
            description: 'Usage',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Usage' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
        },
      },
    },
  },
};
