// The OpenAPI 3.1 document of the /v1 API, generated from the same zod schemas the server validates and answers with.
import { z } from 'zod';
import { createImageSchema, LIBRARY_IMAGE_CONTENT_TYPES, libraryImageListSchema, libraryImageSchema, MAX_LIBRARY_IMAGE_BYTES, MAX_LIBRARY_IMAGES, replaceImageSchema } from '@shared/api/images';
import { printerListSchema, printerStatusSchema, printJobListQuerySchema, printJobPageSchema, printJobSchema, printRequestSchema, reprintRequestSchema } from '@shared/api/printRequest';
import { renderAnswerSchema, renderRequestSchema, TEMPLATE_VERSION_HEADER } from '@shared/api/renderRequest';
import { errorBodySchema, healthSchema, readySchema, templateListSchema, templateVersionListSchema, usageSchema } from '@shared/api/resources';
import { ZPL_ROTATIONS, ZPL_VIEWER_MAX_INCHES, zplViewAnswerSchema } from '@shared/api/zplViewer';
import { ZPL_PAGE_SIZES } from '@shared/api/zplViewerPages';
import { ZPL_DPMM } from '@shared/read/zpl/zplField';
import { templateSchema } from '@shared/model/template';

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect); custom checks (plain objects) are described as any JSON value. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as Record<string, unknown>;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const rateLimitHeaders = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window closest to exhaustion', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in that window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When that window resets, Unix epoch seconds', schema: { type: 'integer' } },
};

/** The errors of a request that renders (/v1/render, /v1/print): the same checks, so the same statuses. */
function renderErrors(notFound: string): Record<number, unknown> {
  return {
    400: errorResponse('BAD_REQUEST or INVALID_TEMPLATE (details.errors: [{path, message}]), or INVALID_BARCODE_DATA (details: elementId, symbology, reason, fix)'),
    401: errorResponse('AUTH_REQUIRED'),
    403: errorResponse('FORBIDDEN: a demo key used with anything but a library template (with /v1/print: any demo key)'),
    404: errorResponse(notFound),
    413: errorResponse('PAYLOAD_TOO_LARGE: body over 1 MB'),
    429: errorResponse('RATE_LIMITED (with Retry-After) or QUOTA_EXCEEDED'),
    502: errorResponse('RENDER_ERROR: the data cannot be rendered (details name the element), or the render took too long'),
    503: errorResponse('SERVICE_BUSY (with Retry-After): the team’s own render queue is full; or UNAVAILABLE (with Retry-After): the database or Redis does not answer'),
  };
}

/** The Labelary-compatible viewer, with and without the label index in its path. */
function zplViewerPath(withIndex: boolean, withZplInPath = false): Record<string, unknown> {
  const parameters = [
    { name: 'dpmm', in: 'path', required: true, schema: { enum: ZPL_DPMM.map((dpmm) => `${dpmm}dpmm`) }, description: 'Print density: 6dpmm (152 dpi), 8dpmm (203), 12dpmm (300), 24dpmm (600)' },
    { name: 'size', in: 'path', required: true, schema: { type: 'string', pattern: String.raw`^\d*\.?\d+x\d*\.?\d+$` }, description: `WIDTHxHEIGHT in inches, each at most ${ZPL_VIEWER_MAX_INCHES}, e.g. 4x6` },
    ...(withIndex ? [{ name: 'index', in: 'path', required: true, schema: { type: 'integer', minimum: 0 }, description: 'The label to draw, from 0' }] : []),
    { name: 'Accept', in: 'header', required: false, schema: { enum: ['image/png', 'application/pdf', 'application/json'] }, description: 'image/png (default): one label; application/pdf: a page per label; application/json: the laid-out labels' },
    { name: 'X-Rotation', in: 'header', required: false, schema: { enum: ZPL_ROTATIONS.map(String) }, description: 'Clockwise turn of the png or pdf' },
    { name: 'X-Linter', in: 'header', required: false, schema: { enum: ['On', 'Off'] }, description: 'On: the reader’s warnings in X-Warnings' },
    { name: 'X-Quality', in: 'header', required: false, schema: { enum: ['Bitonal', 'Grayscale'] }, description: 'png: Bitonal (default) draws printer dots in 1 bit; Grayscale antialiases the edges in 8-bit grey' },
    { name: 'X-Page-Size', in: 'header', required: false, schema: { enum: Object.keys(ZPL_PAGE_SIZES) }, description: 'pdf: labels N-up on paper of this size (default: the layout’s labels exactly)' },
    { name: 'X-Page-Orientation', in: 'header', required: false, schema: { enum: ['Portrait', 'Landscape'] }, description: 'pdf: the paper’s orientation (default Portrait)' },
    { name: 'X-Page-Layout', in: 'header', required: false, schema: { type: 'string', pattern: String.raw`^\d{1,2}x\d{1,2}$` }, description: 'pdf: COLUMNSxROWS labels a page, each 1 to 20 (default 1x1)' },
    { name: 'X-Page-Align', in: 'header', required: false, schema: { enum: ['Left', 'Right', 'Center', 'Justify'] }, description: 'pdf: the labels across the page (default Center; Justify: equal space before, between and after)' },
    { name: 'X-Page-Vertical-Align', in: 'header', required: false, schema: { enum: ['Top', 'Bottom', 'Center', 'Justify'] }, description: 'pdf: the labels down the page (default Center)' },
  ];
  const zplBody = { schema: { type: 'string' } };
  const answers = {
    200: {
      description: 'The drawn label(s)',
      headers: {
        ...rateLimitHeaders,
        'X-Total-Count': { description: 'Labels in the input', schema: { type: 'integer' } },
        'X-Warnings': { description: 'With X-Linter: On: per warning five "|"-separated fields (byte offset, byte size, command, parameter number, message), all in one list', schema: { type: 'string' } },
      },
      content: { 'image/png': {}, 'application/pdf': {}, 'application/json': { schema: { $ref: '#/components/schemas/ZplView' } } },
    },
    ...renderErrors('NOT_FOUND: the index is past the last label (X-Total-Count says how many)'),
  };
  if (withZplInPath) {
    return {
      get: {
        summary: 'Draw one label of ZPL given in the URL (Labelary’s GET form)',
        description: 'The ZPL, URL-encoded, is the rest of the path (a "?" or "#" in it must be encoded too); bytes are read one character a byte, as a body is. Each label in the answer counts as a render.',
        security: [{ bearer: [] }],
        parameters: [...parameters, { name: 'zpl', in: 'path', required: true, schema: { type: 'string' }, description: 'The ZPL, URL-encoded' }],
        responses: answers,
      },
    };
  }
  return {
    post: {
      summary: withIndex ? 'Draw one label of raw ZPL (Labelary-compatible)' : 'Draw every label of raw ZPL (Labelary-compatible; a PNG needs exactly one)',
      description: 'The body is raw ZPL (as curl --data-binary sends it), or a multipart form with the ZPL in a "file" field. Each label in the answer counts as a render.',
      security: [{ bearer: [] }],
      parameters,
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': zplBody, 'text/plain': zplBody, 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] } } } },
      responses: answers,
    },
  };
}

/** The errors every /v1/images operation shares: an API key that is not a demo key. */
const imageAuthErrors = {
  401: errorResponse('AUTH_REQUIRED'),
  403: errorResponse('FORBIDDEN: a demo key (demo keys try library templates only)'),
};

/** The errors of an operation on one image by its name in the path. */
const imageByNameErrors = {
  400: errorResponse('BAD_REQUEST: the name is not a slug'),
  ...imageAuthErrors,
  404: errorResponse('NOT_FOUND: the team has no image of that name'),
};

const UPLOAD_REFUSED =
  'a malformed body (details.errors: [{path, message}]), data that is not a PNG, JPEG or SVG, or a raster every render would refuse (details.reason); SVG_REFUSED: an SVG against the rules (details.rule: script, external-reference, foreign-content, text, doctype, too-large, too-many-elements, …)';

/** The errors of reading uploaded bytes (POST and PUT): the type is read from the bytes, an SVG is checked and rasterised. */
const imageUploadErrors = {
  400: errorResponse(`BAD_REQUEST: a name that is not a slug, ${UPLOAD_REFUSED}; SVG_TOO_COSTLY: the SVG takes longer than its 2 s to draw (details: limitMs, longerSidePx)`),
  ...imageAuthErrors,
  413: errorResponse(`PAYLOAD_TOO_LARGE: body over 1 MB, or the image over ${MAX_LIBRARY_IMAGE_BYTES} bytes decoded (details: sizeBytes, limitBytes)`),
  429: errorResponse('RATE_LIMITED (with Retry-After): an upload or replacement counts one request against the team’s rate limits, as a render does; STORAGE_EXCEEDED: the image (its bytes and an SVG’s raster) would take the team past its storage budget, which kept outputs share; nothing kept (details: usedBytes, limitBytes, sizeBytes: what it would add)'),
  502: errorResponse('RENDER_ERROR: the SVG could not be rasterised (its worker failed or passed its memory limit)'),
  503: errorResponse('SERVICE_BUSY (with Retry-After): the team’s own render queue, which rasterises SVGs, is full'),
};

const namePath = { name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'The image’s name, a slug: what templates refer to as src "image:NAME"' };
const imageJson = { 'application/json': { schema: { $ref: '#/components/schemas/Image' } } };
const imageTypes = Object.fromEntries(Object.values(LIBRARY_IMAGE_CONTENT_TYPES).map((type) => [type, {}]));

/** /v1/images and /v1/images/{name}: the team's shared image library. */
function imagePaths(secured: unknown): Record<string, unknown> {
  return {
    '/v1/images': {
      get: {
        summary: 'The team’s library images, by name, without their bytes',
        security: secured,
        responses: { 200: { description: 'The images', content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageList' } } } }, ...imageAuthErrors },
      },
      post: {
        summary: 'Add an image (PNG, JPEG or SVG, as base64) under a new name',
        description: `The type is read from the bytes. An SVG is checked (no scripts, no external or file references, bounded size and elements) and drawn from a raster made now. A team keeps at most ${MAX_LIBRARY_IMAGES} images.`,
        security: secured,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageUpload' } } } },
        responses: {
          201: { description: 'The image, added', headers: { Location: { description: 'The image: /v1/images/{name}', schema: { type: 'string' } } }, content: imageJson },
          ...imageUploadErrors,
          409: errorResponse(`CONFLICT: the name is taken (replace it with PUT), or the library holds ${MAX_LIBRARY_IMAGES} images already`),
        },
      },
    },
    '/v1/images/{name}': {
      get: {
        summary: 'The image’s bytes as uploaded',
        security: secured,
        parameters: [namePath, { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'The ETag of a copy held: 304 while the image is unchanged' }],
        responses: {
          200: {
            description: 'The bytes, with the type they were read as',
            headers: { ETag: { description: 'Changes when the image is replaced', schema: { type: 'string' } } },
            content: imageTypes,
          },
          304: { description: 'Unchanged since the ETag given in If-None-Match' },
          ...imageByNameErrors,
        },
      },
      put: {
        summary: 'Replace the image’s bytes (any allowed type); every template that uses it draws the new image from the next render on',
        security: secured,
        parameters: [namePath],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageReplacement' } } } },
        responses: {
          200: { description: 'The image, replaced', content: imageJson },
          ...imageUploadErrors,
          404: imageByNameErrors[404],
        },
      },
      delete: {
        summary: 'Delete the image; templates that use it then draw nothing there, with an IMAGE_MISSING warning',
        security: secured,
        parameters: [namePath],
        responses: { 204: { description: 'Deleted' }, ...imageByNameErrors },
      },
    },
    '/v1/images/{name}/drawn': {
      get: {
        summary: 'What renders draw: the PNG or JPEG as uploaded, or the PNG made from an SVG',
        security: secured,
        parameters: [namePath],
        responses: { 200: { description: 'The drawn image', content: { 'image/png': {}, 'image/jpeg': {} } }, ...imageByNameErrors },
      },
    },
  };
}

export function openApiDocument(version: string): Record<string, unknown> {
  const secured = [{ bearer: [] }];
  return {
    openapi: '3.1.0',
    info: { title: 'Labelsmith render API', version, description: 'Renders label templates with JSON data to pdf, png, zpl or html, and prints them on the team’s printers.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'svc_sk_live_… or svc_sk_test_… API key' } },
      schemas: {
        Error: jsonSchema(errorBodySchema),
        RenderRequest: jsonSchema(renderRequestSchema, 'input'),
        RenderResult: jsonSchema(renderAnswerSchema),
        Template: jsonSchema(templateSchema, 'input'),
        TemplateList: jsonSchema(templateListSchema),
        TemplateVersionList: jsonSchema(templateVersionListSchema),
        Usage: jsonSchema(usageSchema),
        Health: jsonSchema(healthSchema),
        Ready: jsonSchema(readySchema),
        PrintRequest: jsonSchema(printRequestSchema, 'input'),
        PrintJob: jsonSchema(printJobSchema),
        PrintJobPage: jsonSchema(printJobPageSchema),
        ReprintRequest: jsonSchema(reprintRequestSchema, 'input'),
        PrinterList: jsonSchema(printerListSchema),
        PrinterStatus: jsonSchema(printerStatusSchema),
        ZplView: jsonSchema(zplViewAnswerSchema),
        Image: jsonSchema(libraryImageSchema),
        ImageList: jsonSchema(libraryImageListSchema),
        ImageUpload: jsonSchema(createImageSchema, 'input'),
        ImageReplacement: jsonSchema(replaceImageSchema, 'input'),
      },
    },
    paths: {
      '/v1/render': {
        post: {
          summary: 'Render a saved or inline template with data',
          security: secured,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/RenderRequest' } } } },
          responses: {
            200: {
              description: 'delivery "url": the render result; delivery "inline": the document itself',
              headers: {
                ...rateLimitHeaders,
                [TEMPLATE_VERSION_HEADER]: { description: 'The version of the saved template rendered (also templateVersion in the JSON answer); absent for an inline template', schema: { type: 'integer' } },
              },
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/RenderResult' } },
                'application/pdf': {},
                'image/png': {},
                'text/plain': {},
                'text/html': {},
              },
            },
            ...renderErrors('NOT_FOUND: templateId not found or not published; TEMPLATE_VERSION_NOT_FOUND: it has no such templateVersion (details: templateId, version, latestVersion)'),
            413: errorResponse('PAYLOAD_TOO_LARGE: body over 1 MB; OUTPUT_TOO_LARGE: a kept output (delivery "url") over the per-output cap, nothing written (details: sizeBytes, limitBytes)'),
            429: errorResponse(
              'RATE_LIMITED (with Retry-After), QUOTA_EXCEEDED, or STORAGE_EXCEEDED: a kept output would pass the team’s storage budget, nothing written (Retry-After: until enough outputs expire; details: usedBytes, limitBytes, sizeBytes)',
            ),
          },
        },
      },
      '/v1/print': {
        post: {
          summary: 'Print a saved or inline template with data or records on one of the team’s printers',
          description: 'Renders at once (bad input fails here, as in /v1/render) and answers 202 with the queued job; counts labels × copies as renders.',
          security: secured,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintRequest' } } } },
          responses: {
            202: {
              description: 'The job, queued; follow it at the Location header',
              headers: { ...rateLimitHeaders, Location: { description: 'The job: /v1/print-jobs/{jobId}', schema: { type: 'string' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
            },
            ...renderErrors('NOT_FOUND: templateId or printerId not found (another team’s printer included); TEMPLATE_VERSION_NOT_FOUND: no such templateVersion'),
          },
        },
      },
      '/v1/printers/{dpmm}/labels/{size}/': zplViewerPath(false),
      '/v1/printers/{dpmm}/labels/{size}/{index}/': zplViewerPath(true),
      '/v1/printers/{dpmm}/labels/{size}/{index}/{zpl}': zplViewerPath(true, true),
      '/v1/print-jobs': {
        get: {
          summary: 'The team’s print history: its jobs newest first, filtered by printer, status, template and time, a page at a time',
          security: secured,
          parameters: Object.entries((jsonSchema(printJobListQuerySchema, 'input').properties ?? {}) as Record<string, Record<string, unknown>>).map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            description: schema.description,
            schema: { ...schema, description: undefined },
          })),
          responses: {
            200: { description: 'One page; pass nextCursor as cursor for the next', content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJobPage' } } } },
            400: errorResponse('BAD_REQUEST: a malformed filter, limit or cursor (details.errors name it)'),
            401: errorResponse('AUTH_REQUIRED'),
            403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
          },
        },
      },
      '/v1/print-jobs/{jobId}/reprint': {
        post: {
          summary: 'Print chosen labels of a job again with the same data, template version, serials and counter values: a new job with reprintOf',
          security: secured,
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          requestBody: { required: false, content: { 'application/json': { schema: { $ref: '#/components/schemas/ReprintRequest' } } } },
          responses: {
            202: {
              description: 'The reprint job, queued',
              headers: { ...rateLimitHeaders, Location: { description: 'The job: /v1/print-jobs/{jobId}', schema: { type: 'string' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } },
            },
            400: errorResponse('BAD_REQUEST: labels the job does not have, or malformed (details.errors: [{path: "labels", message}])'),
            401: errorResponse('AUTH_REQUIRED'),
            403: errorResponse('FORBIDDEN: a demo key'),
            404: errorResponse('NOT_FOUND: unknown id, or another team’s job'),
            409: errorResponse('CONFLICT: the job gave its counter values back, or its printer was removed'),
            410: errorResponse('DOCUMENT_GONE: the job ended over 7 days ago, or its document was not kept (storage budget)'),
            429: errorResponse('RATE_LIMITED (with Retry-After) or QUOTA_EXCEEDED'),
          },
        },
      },
      '/v1/print-jobs/{jobId}/cancel': {
        post: {
          summary: 'Stop a queued or sending job: no further connection to the printer (a chunk in flight finishes); its counter values go back if nothing of it printed',
          security: secured,
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: { description: 'The job, cancelled (again: the same answer)', content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } } },
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
          security: secured,
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: { description: 'The job', content: { 'application/json': { schema: { $ref: '#/components/schemas/PrintJob' } } } },
            401: errorResponse('AUTH_REQUIRED'),
            403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
            404: errorResponse('NOT_FOUND: unknown id, or another team’s job'),
          },
        },
      },
      '/v1/printers': {
        get: {
          summary: 'The team’s printers',
          security: secured,
          responses: {
            200: { description: 'Printers', content: { 'application/json': { schema: { $ref: '#/components/schemas/PrinterList' } } } },
            401: errorResponse('AUTH_REQUIRED'),
            403: errorResponse('FORBIDDEN: a demo key (demo keys never reach printers or print jobs)'),
          },
        },
      },
      '/v1/printers/{printerId}/status': {
        get: {
          summary: 'Ask the printer for its status now (~HS for raw ZPL printers)',
          security: secured,
          parameters: [{ name: 'printerId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            200: {
              description: 'The status report; an unreachable printer is a report too (reachable: false, error naming the printer, never its address)',
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
      '/v1/render-outputs/{renderId}': {
        get: {
          summary: 'Download a rendered output (kept 7 days)',
          security: secured,
          parameters: [{ name: 'renderId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            200: { description: 'The document, with its Content-Type and a Content-Disposition filename' },
            401: errorResponse('AUTH_REQUIRED'),
            404: errorResponse('NOT_FOUND: unknown id, or another team’s output'),
            410: errorResponse('OUTPUT_EXPIRED: older than 7 days'),
          },
        },
      },
      '/v1/templates': {
        get: {
          summary: 'List published templates of the team, or of a library',
          security: secured,
          parameters: [{ name: 'library', in: 'query', required: false, schema: { type: 'string' } }],
          responses: {
            200: { description: 'Templates', content: { 'application/json': { schema: { $ref: '#/components/schemas/TemplateList' } } } },
            401: errorResponse('AUTH_REQUIRED'),
          },
        },
      },
      '/v1/templates/{id}/content': {
        get: {
          summary: 'Read a published template as stored',
          security: secured,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'id, slug, or <librarySlug>:<templateSlug>' }],
          responses: {
            200: { description: 'The template', content: { 'application/json': { schema: { $ref: '#/components/schemas/Template' } } } },
            401: errorResponse('AUTH_REQUIRED'),
            404: errorResponse('NOT_FOUND: not found or not published'),
          },
        },
      },
      '/v1/templates/{id}/versions': {
        get: {
          summary: 'The published versions of a template, newest first',
          security: secured,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'id, slug, or <librarySlug>:<templateSlug>' }],
          responses: {
            200: { description: 'The versions', content: { 'application/json': { schema: { $ref: '#/components/schemas/TemplateVersionList' } } } },
            401: errorResponse('AUTH_REQUIRED'),
            404: errorResponse('NOT_FOUND: not found or not published'),
          },
        },
      },
      '/v1/templates/{id}/versions/{version}/content': {
        get: {
          summary: 'Read one published version of a template',
          security: secured,
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'id, slug, or <librarySlug>:<templateSlug>' },
            { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            200: { description: 'The template as that version published it', content: { 'application/json': { schema: { $ref: '#/components/schemas/Template' } } } },
            400: errorResponse('BAD_REQUEST: the version is not a whole number from 1'),
            401: errorResponse('AUTH_REQUIRED'),
            404: errorResponse('NOT_FOUND: template not found or not published; TEMPLATE_VERSION_NOT_FOUND: no such version (details: templateId, version, latestVersion)'),
          },
        },
      },
      ...imagePaths(secured),
      '/v1/usage': {
        get: {
          summary: 'Usage and quota of the team this period',
          security: secured,
          responses: {
            200: { description: 'Usage', content: { 'application/json': { schema: { $ref: '#/components/schemas/Usage' } } } },
            401: errorResponse('AUTH_REQUIRED'),
          },
        },
      },
      '/health': {
        get: {
          summary: 'Liveness check (no authentication): the process answers; it asks no backend',
          responses: { 200: { description: 'Healthy', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } } },
        },
      },
      '/ready': {
        get: {
          summary: 'Readiness check (no authentication): whether the database, Redis (when configured) and the outputs storage answer now',
          description: 'For a load balancer: send requests to a node only while it answers 200. Each backend has 3 s to answer.',
          responses: {
            200: { description: 'Every backend answers', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ready' } } } },
            503: {
              ...errorResponse('UNAVAILABLE: a backend does not answer; details.checks gives each backend "ok" or why not'),
              headers: { 'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer' } } },
            },
          },
        },
      },
    },
  };
}
