// GET /ready in the OpenAPI document.
import { readySchema } from '@shared/api/resources';
import { errorResponse, jsonSchema, type OpenApiFragment } from '../openapi/openApiParts';

export const readyOpenApi: OpenApiFragment = {
  schemas: {
    Ready: jsonSchema(readySchema),
  },
  paths: {
    '/ready': {
      get: {
        summary:
          'Readiness check (no authentication): whether the database, Redis (when configured) and the outputs storage answer now',
        description:
          'For a load balancer: send requests to a node only while it answers 200. Each backend has 3 s to answer.',
        responses: {
          200: {
            description: 'Every backend answers',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Ready' } } },
          },
          503: {
            ...errorResponse(
              'UNAVAILABLE: a backend does not answer; details.checks gives each backend "ok" or why not',
            ),
            headers: {
              'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer' } },
            },
          },
        },
      },
    },
  },
};
