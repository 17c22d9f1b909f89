// /v1/images in the OpenAPI document: the team's image library.
import {
  createImageSchema,
  LIBRARY_IMAGE_CONTENT_TYPES,
  libraryImageListSchema,
  libraryImageSchema,
  MAX_LIBRARY_IMAGE_BYTES,
  MAX_LIBRARY_IMAGES,
  replaceImageSchema,
} from '@shared/api/images';
import { errorResponse, jsonSchema, SECURED, type OpenApiFragment } from '../openapi/openApiParts';

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
  400: errorResponse(
    `BAD_REQUEST: a name that is not a slug, ${UPLOAD_REFUSED}; SVG_TOO_COSTLY: the SVG takes longer than its 2 s to draw (details: limitMs, longerSidePx)`,
  ),
  ...imageAuthErrors,
  413: errorResponse(
    `PAYLOAD_TOO_LARGE: body over 1 MB, or the image over ${MAX_LIBRARY_IMAGE_BYTES} bytes decoded (details: sizeBytes, limitBytes)`,
  ),
  429: errorResponse(
    'RATE_LIMITED (with Retry-After): an upload or replacement counts one request against the team’s rate limits, as a render does; STORAGE_EXCEEDED: the image (its bytes and an SVG’s raster) would take the team past its storage budget, which kept outputs share; nothing kept (details: usedBytes, limitBytes, sizeBytes: what it would add)',
  ),
  502: errorResponse('RENDER_ERROR: the SVG could not be rasterised (its worker failed or passed its memory limit)'),
  503: errorResponse('SERVICE_BUSY (with Retry-After): the team’s own render queue, which rasterises SVGs, is full'),
};

const namePath = {
  name: 'name',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The image’s name, a slug: what templates refer to as src "image:NAME"',
};
const imageJson = { 'application/json': { schema: { $ref: '#/components/schemas/Image' } } };
const imageTypes = Object.fromEntries(Object.values(LIBRARY_IMAGE_CONTENT_TYPES).map((type) => [type, {}]));

/** /v1/images and /v1/images/{name}: the team's shared image library. */
function imagePaths(secured: unknown): Record<string, unknown> {
  return {
    '/v1/images': {
      get: {
        summary: 'The team’s library images, by name, without their bytes',
        security: secured,
        responses: {
          200: {
            description: 'The images',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageList' } } },
          },
          ...imageAuthErrors,
        },
      },
      post: {
        summary: 'Add an image (PNG, JPEG or SVG, as base64) under a new name',
        description: `The type is read from the bytes. An SVG is checked (no scripts, no external or file references, bounded size and elements) and drawn from a raster made now. A team keeps at most ${MAX_LIBRARY_IMAGES} images.`,
        security: secured,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageUpload' } } },
        },
        responses: {
          201: {
            description: 'The image, added',
            headers: { Location: { description: 'The image: /v1/images/{name}', schema: { type: 'string' } } },
            content: imageJson,
          },
          ...imageUploadErrors,
          409: errorResponse(
            `CONFLICT: the name is taken (replace it with PUT), or the library holds ${MAX_LIBRARY_IMAGES} images already`,
          ),
        },
      },
    },
    '/v1/images/{name}': {
      get: {
        summary: 'The image’s bytes as uploaded',
        security: secured,
        parameters: [
          namePath,
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            schema: { type: 'string' },
            description: 'The ETag of a copy held: 304 while the image is unchanged',
          },
        ],
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
        summary:
          'Replace the image’s bytes (any allowed type); every template that uses it draws the new image from the next render on',
        security: secured,
        parameters: [namePath],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ImageReplacement' } } },
        },
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
        responses: {
          200: { description: 'The drawn image', content: { 'image/png': {}, 'image/jpeg': {} } },
          ...imageByNameErrors,
        },
      },
    },
  };
}

export const imagesOpenApi: OpenApiFragment = {
  schemas: {
    Image: jsonSchema(libraryImageSchema),
    ImageList: jsonSchema(libraryImageListSchema),
    ImageUpload: jsonSchema(createImageSchema, 'input'),
    ImageReplacement: jsonSchema(replaceImageSchema, 'input'),
  },
  paths: {
    ...imagePaths(SECURED),
  },
};
