// The Labelary-compatible ZPL viewer in the OpenAPI document: POST with and without the label index, and the GET form with the ZPL in the path.
import { ZPL_ROTATIONS, ZPL_VIEWER_MAX_INCHES, zplViewAnswerSchema } from '@shared/api/zplViewer';
import { ZPL_PAGE_SIZES } from '@shared/api/zplViewerPages';
import { ZPL_DPMM } from '@shared/read/zpl/zplField';
import { jsonSchema, rateLimitHeaders, renderErrors, type OpenApiFragment } from '../openapi/openApiParts';

/** The Labelary-compatible viewer, with and without the label index in its path. */
function zplViewerPath(withIndex: boolean, withZplInPath = false): Record<string, unknown> {
  const parameters = [
    {
      name: 'dpmm',
      in: 'path',
      required: true,
      schema: { enum: ZPL_DPMM.map((dpmm) => `${dpmm}dpmm`) },
      description: 'Print density: 6dpmm (152 dpi), 8dpmm (203), 12dpmm (300), 24dpmm (600)',
    },
    {
      name: 'size',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: String.raw`^\d*\.?\d+x\d*\.?\d+$` },
      description: `WIDTHxHEIGHT in inches, each at most ${ZPL_VIEWER_MAX_INCHES}, e.g. 4x6`,
    },
    ...(withIndex
      ? [
          {
            name: 'index',
            in: 'path',
            required: true,
            schema: { type: 'integer', minimum: 0 },
            description: 'The label to draw, from 0',
          },
        ]
      : []),
    {
      name: 'Accept',
      in: 'header',
      required: false,
      schema: { enum: ['image/png', 'application/pdf', 'application/json'] },
      description:
        'image/png (default): one label; application/pdf: a page per label; application/json: the laid-out labels',
    },
    {
      name: 'X-Rotation',
      in: 'header',
      required: false,
      schema: { enum: ZPL_ROTATIONS.map(String) },
      description: 'Clockwise turn of the png or pdf',
    },
    {
      name: 'X-Linter',
      in: 'header',
      required: false,
      schema: { enum: ['On', 'Off'] },
      description: 'On: the reader’s warnings in X-Warnings',
    },
    {
      name: 'X-Quality',
      in: 'header',
      required: false,
      schema: { enum: ['Bitonal', 'Grayscale'] },
      description: 'png: Bitonal (default) draws printer dots in 1 bit; Grayscale antialiases the edges in 8-bit grey',
    },
    {
      name: 'X-Page-Size',
      in: 'header',
      required: false,
      schema: { enum: Object.keys(ZPL_PAGE_SIZES) },
      description: 'pdf: labels N-up on paper of this size (default: the layout’s labels exactly)',
    },
    {
      name: 'X-Page-Orientation',
      in: 'header',
      required: false,
      schema: { enum: ['Portrait', 'Landscape'] },
      description: 'pdf: the paper’s orientation (default Portrait)',
    },
    {
      name: 'X-Page-Layout',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: String.raw`^\d{1,2}x\d{1,2}$` },
      description: 'pdf: COLUMNSxROWS labels a page, each 1 to 20 (default 1x1)',
    },
    {
      name: 'X-Page-Align',
      in: 'header',
      required: false,
      schema: { enum: ['Left', 'Right', 'Center', 'Justify'] },
      description: 'pdf: the labels across the page (default Center; Justify: equal space before, between and after)',
    },
    {
      name: 'X-Page-Vertical-Align',
      in: 'header',
      required: false,
      schema: { enum: ['Top', 'Bottom', 'Center', 'Justify'] },
      description: 'pdf: the labels down the page (default Center)',
    },
  ];
  const zplBody = { schema: { type: 'string' } };
  const answers = {
    200: {
      description: 'The drawn label(s)',
      headers: {
        ...rateLimitHeaders,
        'X-Total-Count': { description: 'Labels in the input', schema: { type: 'integer' } },
        'X-Warnings': {
          description:
            'With X-Linter: On: per warning five "|"-separated fields (byte offset, byte size, command, parameter number, message), all in one list',
          schema: { type: 'string' },
        },
      },
      content: {
        'image/png': {},
        'application/pdf': {},
        'application/json': { schema: { $ref: '#/components/schemas/ZplView' } },
      },
    },
    ...renderErrors('NOT_FOUND: the index is past the last label (X-Total-Count says how many)'),
  };
  if (withZplInPath) {
    return {
      get: {
        summary: 'Draw one label of ZPL given in the URL (Labelary’s GET form)',
        description:
          'The ZPL, URL-encoded, is the rest of the path (a "?" or "#" in it must be encoded too); bytes are read one character a byte, as a body is. Each label in the answer counts as a render.',
        security: [{ bearer: [] }],
        parameters: [
          ...parameters,
          { name: 'zpl', in: 'path', required: true, schema: { type: 'string' }, description: 'The ZPL, URL-encoded' },
        ],
        responses: answers,
      },
    };
  }
  return {
    post: {
      summary: withIndex
        ? 'Draw one label of raw ZPL (Labelary-compatible)'
        : 'Draw every label of raw ZPL (Labelary-compatible; a PNG needs exactly one)',
      description:
        'The body is raw ZPL (as curl --data-binary sends it), or a multipart form with the ZPL in a "file" field. Each label in the answer counts as a render.',
      security: [{ bearer: [] }],
      parameters,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': zplBody,
          'text/plain': zplBody,
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
          },
        },
      },
      responses: answers,
    },
  };
}

export const zplViewerOpenApi: OpenApiFragment = {
  schemas: {
    ZplView: jsonSchema(zplViewAnswerSchema),
  },
  paths: {
    '/v1/printers/{dpmm}/labels/{size}/': zplViewerPath(false),
    '/v1/printers/{dpmm}/labels/{size}/{index}/': zplViewerPath(true),
    '/v1/printers/{dpmm}/labels/{size}/{index}/{zpl}': zplViewerPath(true, true),
  },
};
