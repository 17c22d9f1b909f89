// GET /v1/openapi.json: the API's OpenAPI 3.1 document, public like /health since it holds no data.
import type Router from '@koa/router';
import { openApiDocument } from './openApiDocument';

export function registerOpenApiRoute(router: Router, version: string): void {
  const document = openApiDocument(version);
  router.get('/v1/openapi.json', (ctx) => {
    ctx.body = document;
  });
}
