// /v1/templates in the OpenAPI document: published templates, their content and versions.
import { templateListSchema, templateVersionListSchema } from '@shared/api/resources';
import { templateSchema } from '@shared/model/template';
import { errorResponse, jsonSchema, SECURED, type OpenApiFragment } from '../openapi/openApiParts';

export const templatesOpenApi: OpenApiFragment = {
  schemas: {
    Template: jsonSchema(templateSchema, 'input'),
    TemplateList: jsonSchema(templateListSchema),
    TemplateVersionList: jsonSchema(templateVersionListSchema),
  },
  paths: {
    '/v1/templates': {
      get: {
        summary: 'List published templates of the team, or of a library',
        security: SECURED,
        parameters: [{ name: 'library', in: 'query', required: false, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'Templates',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TemplateList' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
        },
      },
    },
    '/v1/templates/{id}/content': {
      get: {
        summary: 'Read a published template as stored',
        security: SECURED,
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            description: 'id, slug, or <librarySlug>:<templateSlug>',
          },
        ],
        responses: {
          200: {
            description: 'The template',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Template' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          404: errorResponse('NOT_FOUND: not found or not published'),
        },
      },
    },
    '/v1/templates/{id}/versions': {
      get: {
        summary: 'The published versions of a template, newest first',
        security: SECURED,
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            description: 'id, slug, or <librarySlug>:<templateSlug>',
          },
        ],
        responses: {
          200: {
            description: 'The versions',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/TemplateVersionList' } } },
          },
          401: errorResponse('AUTH_REQUIRED'),
          404: errorResponse('NOT_FOUND: not found or not published'),
        },
      },
    },
    '/v1/templates/{id}/versions/{version}/content': {
      get: {
        summary: 'Read one published version of a template',
        security: SECURED,
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
            description: 'id, slug, or <librarySlug>:<templateSlug>',
          },
          { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          200: {
            description: 'The template as that version published it',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Template' } } },
          },
          400: errorResponse('BAD_REQUEST: the version is not a whole number from 1'),
          401: errorResponse('AUTH_REQUIRED'),
          404: errorResponse(
            'NOT_FOUND: template not found or not published; TEMPLATE_VERSION_NOT_FOUND: no such version (details: templateId, version, latestVersion)',
          ),
        },
      },
    },
  },
};
