// GET /v1/openapi.json: a valid OpenAPI 3.1 document, generated from the zod schemas the server validates and answers with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createImageSchema, libraryImageListSchema, libraryImageSchema, replaceImageSchema } from '@shared/api/images';
import { printerListSchema, printerStatusSchema, printJobSchema, printRequestSchema } from '@shared/api/printRequest';
import { renderRequestSchema } from '@shared/api/renderRequest';
import { errorBodySchema, healthSchema, readySchema, templateListSchema, usageSchema } from '@shared/api/resources';
import { templateSchema } from '@shared/model/template';
import { renderAnswerSchema } from '@shared/api/renderRequest';
import type { FakeZplPrinter } from '../../../../test/support/printing/fakeZplPrinter';
import { fakePrinter } from '../../../../test/support/printing/printingTestSupport';
import { createRenderPool } from '../../../render/renderPool';
import { adminSession, loadOrCreateAdminToken } from '../../adminSession';
import { createRouter } from '../../createServer';
import {
  APP_VERSION,
  call,
  cli,
  cliJson,
  expectError,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  type ApiResponse,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

let server: TestServer;
let team: TeamWithKeys;
let document: OpenApiDocument;

interface OpenApiDocument {
  openapi: string;
  info: { version: string; description: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; requestBody?: unknown; parameters?: { name: string }[] }>
  >;
  components: { schemas: Record<string, Record<string, unknown>> };
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = cli(server.dataDir);
  team = await teamWithKeys(admin, { rateMinute: 1000, rateHour: 10_000, quotaLimit: 3, plan: 'dev' });
  await admin.createLibrary('retail');
  await admin.importTemplate(team.team.id, tagTemplate('Shelf tag'), { slug: 'shelf', library: 'retail' });
  const response = await call(server, '/v1/openapi.json');
  expect(response.status).toBe(200);
  document = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await server.dispose();
});

/** A raw printer of the team at a fake ZPL printer, added with the CLI. */
async function printer(): Promise<{ fake: FakeZplPrinter; printerId: string }> {
  const fake = await fakePrinter();
  const args = [
    'printer',
    'add',
    '--team',
    team.team.id,
    '--name',
    `Dock ${fake.port}`,
    '--kind',
    'raw',
    '--host',
    fake.host,
    '--port',
    String(fake.port),
  ];
  return { fake, printerId: (await cliJson(server.dataDir, z.looseObject({ id: z.string() }), args)).id };
}

/** A router path with its optional `{…}` groups left out and put in: '/a{/:b}' gives '/a' and '/a/:b'. */
function expandOptionalGroups(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  const before = path.slice(0, group.index);
  const after = path.slice(group.index + group[0].length);
  return [...expandOptionalGroups(before + after), ...expandOptionalGroups(before + (group[1] ?? '') + after)];
}

/** A path's shape, whatever its parameters are called (':id' in the router, '{printerId}' in the document), without a trailing slash. */
function pathShape(path: string): string {
  // :name and *name (a wildcard: the rest of the path) are both one parameter.
  return path.replace(/[:*]\w+|\{\w+\}/g, '{}').replace(/(.)\/$/, '$1');
}

describe('the document', () => {
  it('is served without a key, as JSON', async () => {
    const response = await call(server, '/v1/openapi.json', { headers: { Authorization: 'Bearer not-a-key' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('is a valid OpenAPI 3.1 document of this version', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toBe(APP_VERSION);
    // The connection cap answers on every path but two, so it is stated once for the whole API.
    expect(document.info.description).toMatch(
      /503 TOO_MANY_CONNECTIONS.*GET \/health and GET \/ready|GET \/health and GET \/ready.*503 TOO_MANY_CONNECTIONS/,
    );
  });

  it('describes every endpoint of spec section 4 with the error statuses of section 7', () => {
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/health',
        '/ready',
        '/v1/print',
        '/v1/print-jobs',
        '/v1/print-jobs/{jobId}',
        '/v1/print-jobs/{jobId}/reprint',
        '/v1/print-jobs/{jobId}/cancel',
        '/v1/printers',
        '/v1/printers/{printerId}/status',
        '/v1/printers/{dpmm}/labels/{size}/',
        '/v1/printers/{dpmm}/labels/{size}/{index}/',
        '/v1/printers/{dpmm}/labels/{size}/{index}/{zpl}',
        '/v1/render',
        '/v1/render-outputs/{renderId}',
        '/v1/templates',
        '/v1/templates/{id}/content',
        '/v1/templates/{id}/versions',
        '/v1/templates/{id}/versions/{version}/content',
        '/v1/usage',
        '/v1/images',
        '/v1/images/{name}',
        '/v1/images/{name}/drawn',
      ].sort(),
    );
    expect(Object.keys(document.paths['/v1/print']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '404', '429', '502']),
    );
    expect(Object.keys(document.paths['/v1/print-jobs/{jobId}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '404']),
    );
    expect(Object.keys(document.paths['/v1/print-jobs/{jobId}/reprint']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '404', '409', '410', '429']),
    );
    expect(document.paths['/v1/print-jobs']?.get?.parameters?.map((parameter) => parameter.name)).toEqual([
      'printer',
      'status',
      'template',
      'from',
      'to',
      'limit',
      'cursor',
    ]);
    expect(Object.keys(document.paths['/v1/render'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/v1/render']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '429', '502']),
    );
    expect(Object.keys(document.paths['/v1/render-outputs/{renderId}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '404', '410']),
    );
    expect(Object.keys(document.paths['/ready']?.get?.responses ?? {})).toEqual(['200', '503']);
  });

  it('documents every /v1/images operation with the statuses it answers', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    expect(Object.keys(document.paths['/v1/images'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/v1/images/{name}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(statuses('/v1/images', 'get')).toEqual(['200', '401', '403']);
    expect(statuses('/v1/images', 'post')).toEqual(['201', '400', '401', '403', '409', '413', '429', '502', '503']);
    expect(statuses('/v1/images/{name}', 'get')).toEqual(['200', '304', '400', '401', '403', '404']);
    expect(statuses('/v1/images/{name}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '429',
      '502',
      '503',
    ]);
    expect(statuses('/v1/images/{name}', 'delete')).toEqual(['204', '400', '401', '403', '404']);
    expect(statuses('/v1/images/{name}/drawn', 'get')).toEqual(['200', '400', '401', '403', '404']);
    const upload = document.components.schemas.ImageUpload as {
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: unknown;
    };
    expect([Object.keys(upload.properties).sort(), [...upload.required].sort(), upload.additionalProperties]).toEqual([
      ['data', 'name'],
      ['data', 'name'],
      false,
    ]);
  });

  it('documents exactly the operations the server routes: every /v1 route and method, /health and /ready, and nothing it does not serve', async () => {
    const pool = createRenderPool({ threads: 1 });
    try {
      const config = { host: '127.0.0.1', port: 0, allowedHostnames: [], version: APP_VERSION };
      const router = await createRouter(
        { store: server.store, pool, config },
        { wake: () => undefined },
        adminSession(await loadOrCreateAdminToken(server.store)),
      );
      const routed = router.stack
        .flatMap((layer) =>
          typeof layer.path === 'string' &&
          (layer.path.startsWith('/v1/') || layer.path === '/health' || layer.path === '/ready')
            ? [{ path: layer.path, methods: layer.methods }]
            : [],
        )
        .flatMap((layer) =>
          expandOptionalGroups(layer.path).flatMap((path) =>
            layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${pathShape(path)}`),
          ),
        );
      const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathShape(path)}`),
      );
      // The document does not describe itself.
      expect([...new Set(routed)].filter((operation) => operation !== 'GET /v1/openapi.json').sort()).toEqual(
        [...new Set(documented)].sort(),
      );
    } finally {
      await pool.close();
    }
  });

  it('has component schemas generated from the zod schemas themselves', () => {
    const generated = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
      z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io });
    expect(document.components.schemas).toMatchObject({
      RenderRequest: generated(renderRequestSchema, 'input'),
      RenderResult: generated(renderAnswerSchema),
      Usage: generated(usageSchema),
      Health: generated(healthSchema),
      Ready: generated(readySchema),
      Error: generated(errorBodySchema),
      TemplateList: generated(templateListSchema),
      Template: generated(templateSchema, 'input'),
      PrintRequest: generated(printRequestSchema, 'input'),
      PrintJob: generated(printJobSchema),
      PrinterList: generated(printerListSchema),
      PrinterStatus: generated(printerStatusSchema),
      Image: generated(libraryImageSchema),
      ImageList: generated(libraryImageListSchema),
      ImageUpload: generated(createImageSchema, 'input'),
      ImageReplacement: generated(replaceImageSchema, 'input'),
    });
  });

  it("documents a printer's media handling: each setting's values, and null for the printer's own", () => {
    const list = document.components.schemas.PrinterList as {
      properties: {
        printers: { items: { properties: Record<string, { anyOf?: { enum?: string[] }[]; description?: string }> } };
      };
    };
    const printer = list.properties.printers.items.properties;
    expect(printer.mediaType?.anyOf?.[0]?.enum).toEqual(['direct-thermal', 'thermal-transfer']);
    expect(printer.printMode?.anyOf?.[0]?.enum).toEqual(['tear-off', 'peel-off', 'cutter', 'rewind']);
    expect(printer.mediaSensing?.anyOf?.[0]?.enum).toEqual(['gap', 'mark', 'continuous']);
    expect(printer.mediaType?.anyOf?.[1]).toEqual({ type: 'null' });
    expect(printer.mediaType?.description).toMatch(/\^MT/);
    expect(printer.printMode?.description).toMatch(/\^MM/);
    expect(printer.mediaSensing?.description).toMatch(/\^MN/);
    expect(printer.topOffset?.description).toMatch(/\^LT.*Not sent to PDF queues/);
    expect(printer.leftOffset?.description).toMatch(/\^LS.*Not sent to PDF queues/);
  });

  it('documents the print request: the render request’s template and data fields, a printer and copies', () => {
    const request = document.components.schemas.PrintRequest as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(Object.keys(request.properties).sort()).toEqual([
      'copies',
      'data',
      'printerId',
      'quantityField',
      'records',
      'sheetStart',
      'template',
      'templateId',
      'templateVersion',
      'zpl',
    ]);
    expect(request.required).toEqual(['printerId']);
    expect(request.properties.copies).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    const job = document.components.schemas.PrintJob as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(job.properties.status).toMatchObject({ enum: ['queued', 'sending', 'done', 'failed', 'cancelled'] });
    expect(job.required).toEqual(
      expect.arrayContaining([
        'id',
        'status',
        'printerId',
        'labelCount',
        'copies',
        'labelsSent',
        'createdAt',
        'updatedAt',
      ]),
    );
  });

  it('documents the render request of spec 2.1 with the zplDpi, batch (records, quantityField), timeZone and sheetStart extensions', () => {
    const request = document.components.schemas.RenderRequest as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(Object.keys(request.properties).sort()).toEqual([
      'data',
      'delivery',
      'dpi',
      'format',
      'quantityField',
      'records',
      'sheetStart',
      'template',
      'templateId',
      'templateVersion',
      'timeZone',
      'zplDpi',
    ]);
    expect(request.properties.timeZone).toMatchObject({
      type: 'string',
      description: expect.stringMatching(/IANA time zone/),
    });
    // data or records: exactly one, checked by the server (a 400 naming the field).
    expect(request.required.sort()).toEqual(['format']);
    expect(request.properties.records).toMatchObject({ type: 'array', minItems: 1, maxItems: 1000 });
    expect(request.properties.format).toMatchObject({ enum: ['pdf', 'png', 'zpl', 'html'] });
    expect(request.properties.delivery).toMatchObject({ enum: ['url', 'inline'] });
    expect(request.properties.dpi).toMatchObject({ minimum: 50, maximum: 600 });
    expect(JSON.stringify(request.properties.zplDpi)).toMatch(/203[\s\S]*300[\s\S]*600/);
  });

  it('documents the render result with every field of spec 2.2 required', () => {
    const result = document.components.schemas.RenderResult as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(result.required).toEqual(
      expect.arrayContaining(['id', 'status', 'format', 'url', 'sizeBytes', 'renderTimeMs']),
    );
    expect(result.properties.id).toMatchObject({ format: 'uuid' });
  });
});

describe("the server's real answers match the document's schemas", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const validate = (name: string, value: unknown): void => {
    const schema = document.components.schemas[name];
    expect(schema, name).toBeDefined();
    const check = ajv.compile(schema ?? {});
    expect({ name, valid: check(value), errors: check.errors ?? [] }).toEqual({ name, valid: true, errors: [] });
  };
  const json = (response: ApiResponse): unknown => response.json();

  it('render result, usage, health, readiness', async () => {
    validate(
      'RenderResult',
      json(await render(server, team.live, { template: tagTemplate(), data: { title: 'x' }, format: 'pdf' })),
    );
    validate('Usage', json(await call(server, '/v1/usage', { key: team.live })));
    validate('Health', json(await call(server, '/health')));
    // A node without Redis: the database and the outputs folder.
    const ready = json(await call(server, '/ready'));
    validate('Ready', ready);
    expect(ready).toEqual({ ok: true, checks: { database: 'ok', outputs: 'ok' } });
  });

  it('both template lists and the template content', async () => {
    validate('TemplateList', json(await call(server, '/v1/templates', { key: team.live })));
    const library = json(await call(server, '/v1/templates?library=retail', { key: team.live }));
    expect((library as { templates: unknown[] }).templates).toHaveLength(1);
    validate('TemplateList', library);
    validate('Template', json(await call(server, '/v1/templates/retail:shelf/content', { key: team.live })));
    validate(
      'TemplateVersionList',
      json(await call(server, '/v1/templates/retail:shelf/versions', { key: team.live })),
    );
    validate('Template', json(await call(server, '/v1/templates/retail:shelf/versions/1/content', { key: team.live })));
  });

  it('the ZPL viewer’s JSON answer and its errors', async () => {
    const view = (path: string) =>
      call(server, path, {
        method: 'POST',
        key: team.test,
        body: '^XA^FO10,10^A0N,30,30^FDx^FS^XZ^XA^ZZ^XZ',
        headers: { Accept: 'application/json', 'Content-Type': 'text/plain' },
      });
    const answer = await view('/v1/printers/8dpmm/labels/4x6/');
    expect(answer.status, answer.text).toBe(200);
    validate('ZplView', json(answer));
    validate('Error', expectError(await view('/v1/printers/8dpmm/labels/4x6/5/'), 404, 'NOT_FOUND'));
    validate('Error', expectError(await view('/v1/printers/9dpmm/labels/4x6/'), 400, 'BAD_REQUEST'));
  });

  it('error bodies', async () => {
    const errors = [
      expectError(await render(server, team.live, { data: {}, format: 'pdf' }), 400, 'BAD_REQUEST'),
      expectError(
        await render(server, team.live, { template: { formatVersion: 1 }, data: {}, format: 'pdf' }),
        400,
        'INVALID_TEMPLATE',
      ),
      expectError(await call(server, '/v1/usage'), 401, 'AUTH_REQUIRED'),
      expectError(await call(server, '/v1/templates/nope/content', { key: team.live }), 404, 'NOT_FOUND'),
    ];
    for (const error of errors) validate('Error', error);
  });

  it('print job, printer list and printer status', async () => {
    const { fake, printerId } = await printer();
    fake.setState('headOpen');
    const body = { templateId: 'retail:shelf', data: { title: 'x' }, printerId, copies: 2 };
    validate('PrintRequest', body);
    const accepted = await call(server, '/v1/print', { key: team.test, json: body });
    expect(accepted.status, accepted.text).toBe(202);
    validate('PrintJob', json(accepted));
    const id = String(accepted.json().id);
    validate('PrintJob', json(await call(server, `/v1/print-jobs/${id}`, { key: team.test })));
    validate('PrinterList', json(await call(server, '/v1/printers', { key: team.test })));
    validate('PrinterStatus', json(await call(server, `/v1/printers/${printerId}/status`, { key: team.test })));
    // A job retrying on a fault carries lastError and nextAttemptAt: those validate too.
    for (;;) {
      const job = await call(server, `/v1/print-jobs/${id}`, { key: team.test });
      if (job.json().lastError === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      validate('PrintJob', json(job));
      break;
    }
    validate(
      'Error',
      expectError(
        await call(server, '/v1/print', { key: team.test, json: { ...body, printerId: 'nope' } }),
        404,
        'NOT_FOUND',
      ),
    );
  });

  it('the image library: upload, list, replace and their errors', async () => {
    const png = (color: number) => {
      const image = new PNG({ width: 4, height: 2 });
      image.data.fill(color);
      return PNG.sync.write(image).toString('base64');
    };
    const body = { name: 'openapi-logo', data: png(0) };
    validate('ImageUpload', body);
    const created = await call(server, '/v1/images', { method: 'POST', key: team.live, json: body });
    expect(created.status, created.text).toBe(201);
    validate('Image', json(created));
    validate('ImageList', json(await call(server, '/v1/images', { key: team.live })));
    validate('ImageReplacement', { data: png(255) });
    const replaced = await call(server, '/v1/images/openapi-logo', {
      method: 'PUT',
      key: team.live,
      json: { data: png(255) },
    });
    expect(replaced.status, replaced.text).toBe(200);
    validate('Image', json(replaced));
    const read = await call(server, '/v1/images/openapi-logo', { key: team.live });
    expect([read.status, read.headers.get('Content-Type')]).toEqual([200, 'image/png']);
    const etag = read.headers.get('ETag') ?? '';
    // fetch adds Cache-Control: no-cache to a conditional request (which asks for a full answer) unless one is given.
    const revalidate = { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' };
    expect((await call(server, '/v1/images/openapi-logo', { key: team.live, headers: revalidate })).status).toBe(304);
    const errors = [
      expectError(await call(server, '/v1/images', { method: 'POST', key: team.live, json: body }), 409, 'CONFLICT'),
      expectError(
        await call(server, '/v1/images', {
          method: 'POST',
          key: team.live,
          json: { name: 'page', data: Buffer.from('<svg><script/></svg>').toString('base64') },
        }),
        400,
        'SVG_REFUSED',
      ),
      expectError(await call(server, '/v1/images/Not_A_Slug', { key: team.live }), 400, 'BAD_REQUEST'),
      expectError(
        await call(server, '/v1/images/nothing-here', { method: 'DELETE', key: team.live }),
        404,
        'NOT_FOUND',
      ),
    ];
    for (const error of errors) validate('Error', error);
    expect((await call(server, '/v1/images/openapi-logo', { method: 'DELETE', key: team.live })).status).toBe(204);
  });

  it('request bodies the server accepts validate as RenderRequest', async () => {
    const bodies = [
      { templateId: 'retail:shelf', data: { title: 'x' }, format: 'zpl', zplDpi: 300, delivery: 'inline' },
      { template: tagTemplate(), data: { title: 'x' }, format: 'png', dpi: 72, delivery: 'url' },
    ];
    for (const body of bodies) {
      validate('RenderRequest', body);
      expect((await render(server, team.test, body)).status).toBe(200);
    }
  });
});
