// POST /v1/render in the OpenAPI document: the render request and its answer.
import { renderAnswerSchema, renderRequestSchema, TEMPLATE_VERSION_HEADER } from '@shared/api/renderRequest';
import {
  errorResponse,
  jsonSchema,
  rateLimitHeaders,
  renderErrors,
  SECURED,
  type OpenApiFragment,
} from '../openapi/openApiParts';

export const renderOpenApi: OpenApiFragment = {
  schemas: {
    RenderRequest: jsonSchema(renderRequestSchema, 'input'),
    RenderResult: jsonSchema(renderAnswerSchema),
  },
  paths: {
    '/v1/render': {
      post: {
        summary: 'Render a saved or inline template with data',
        security: SECURED,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RenderRequest' } } },
        },
        responses: {
          200: {
            description: 'delivery "url": the render result; delivery "inline": the document itself',
            headers: {
              ...rateLimitHeaders,
              [TEMPLATE_VERSION_HEADER]: {
                description:
                  'The version of the saved template rendered (also templateVersion in the JSON answer); absent for an inline template',
                schema: { type: 'integer' },
              },
            },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/RenderResult' } },
              'application/pdf': {},
              'image/png': {},
              'text/plain': {},
              'text/html': {},
            },
          },
          ...renderErrors(
            'NOT_FOUND: templateId not found or not published; TEMPLATE_VERSION_NOT_FOUND: it has no such templateVersion (details: templateId, version, latestVersion)',
          ),
          413: errorResponse(
            'PAYLOAD_TOO_LARGE: body over 1 MB; OUTPUT_TOO_LARGE: a kept output (delivery "url") over the per-output cap, nothing written (details: sizeBytes, limitBytes)',
          ),
          429: errorResponse(
            'RATE_LIMITED (with Retry-After), QUOTA_EXCEEDED, or STORAGE_EXCEEDED: a kept output would pass the team’s storage budget, nothing written (Retry-After: until enough outputs expire; details: usedBytes, limitBytes, sizeBytes)',
          ),
        },
      },
    },
  },
};
