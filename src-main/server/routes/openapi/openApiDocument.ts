// The OpenAPI 3.1 document of the /v1 API, assembled from each route folder's fragment (generated from the same zod schemas the server validates and answers with).
import { errorBodySchema } from '@shared/api/resources';
import { healthOpenApi } from '../health/healthOpenApi';
import { imagesOpenApi } from '../images/imagesOpenApi';
import { printOpenApi } from '../print/printOpenApi';
import { printersOpenApi } from '../printers/printersOpenApi';
import { readyOpenApi } from '../ready/readyOpenApi';
import { renderOpenApi } from '../render/renderOpenApi';
import { renderOutputsOpenApi } from '../renderOutputs/renderOutputsOpenApi';
import { templatesOpenApi } from '../templates/templatesOpenApi';
import { usageOpenApi } from '../usage/usageOpenApi';
import { zplViewerOpenApi } from '../zplViewer/zplViewerOpenApi';
import { jsonSchema, type OpenApiFragment } from './openApiParts';

/** Every resource's fragment, in the order the document lists them. */
const FRAGMENTS: OpenApiFragment[] = [
  renderOpenApi,
  printOpenApi,
  zplViewerOpenApi,
  printersOpenApi,
  renderOutputsOpenApi,
  templatesOpenApi,
  imagesOpenApi,
  usageOpenApi,
  healthOpenApi,
  readyOpenApi,
];

export function openApiDocument(version: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Labelsmith render API',
      version,
      description:
        'Renders label templates with JSON data to pdf, png, zpl or html, and prints them on the team’s printers. ' +
        'Any operation but GET /health and GET /ready may answer 503 TOO_MANY_CONNECTIONS (with Retry-After) when the ' +
        'client address already holds the server’s cap of idle or unanswered connections: reuse or close them, then retry.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'svc_sk_live_… or svc_sk_test_… API key' },
      },
      schemas: Object.assign({ Error: jsonSchema(errorBodySchema) }, ...FRAGMENTS.map((fragment) => fragment.schemas)),
    },
    paths: Object.assign({}, ...FRAGMENTS.map((fragment) => fragment.paths)),
  };
}
