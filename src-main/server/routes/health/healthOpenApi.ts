// GET /health in the OpenAPI document.
import { healthSchema } from '@shared/api/resources';
import { jsonSchema, type OpenApiFragment } from '../openapi/openApiParts';

export const healthOpenApi: OpenApiFragment = {
  schemas: {
    Health: jsonSchema(healthSchema),
  },
  paths: {
    '/health': {
      get: {
        summary: 'Liveness check (no authentication): the process answers; it asks no backend',
        responses: {
          200: {
            description: 'Healthy',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
          },
        },
      },
    },
  },
};
