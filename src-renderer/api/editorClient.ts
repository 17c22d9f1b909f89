// The typed client of the private editor API (/api): same-origin fetch with the session cookie, the CSRF header on changes, checked answers.
import { libraryImageListSchema, libraryImageSchema } from '@shared/api/images';
import type { z } from 'zod';
import type { EditorSettings, TemplateSort, zplImportBodySchema } from '@shared/api/editorApi';
import type { EditorHotFolderInput, EditorPrinterInput, EditorVirtualPrinterInput } from '@shared/api/editorPrinters';
import type { ZplPreviewRequest } from '@shared/api/zplEditorApi';
import { printerStatusSchema, printJobPageSchema, printJobSchema } from '@shared/api/printRequest';
import type { RenderWarning } from '@shared/layout/laidOutLabel';
import { EDITOR_HEADER_NAME, WARNINGS_HEADER_NAME, type OutputFormat, type ZplDpi } from './apiConstants';
import { EditorApiError, errorFromAnswer, networkError } from './apiError';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdKeySchema,
  libraryListSchema,
  librarySchema,
  nextCountersSchema,
  sessionSchema,
  settingsSchema,
  stockListSchema,
  templateListSchema,
  templateSchema,
  templateSummarySchema,
  templateVersionContentSchema,
  templateVersionListSchema,
  usageSchema,
  warningListSchema,
} from './editorSchemas';
import {
  editorPrinterListSchema,
  editorPrinterSchema,
  editorVirtualPrinterListSchema,
  editorVirtualPrinterSchema,
  editorHotFolderListSchema,
  editorHotFolderSchema,
  printerTestResultSchema,
  printJobZplSchema,
} from './printingSchemas';
import { zplImportAnswerSchema, zplPreviewAnswerSchema } from './zplSchemas';

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

export interface EditorClientOptions {
  /** Prefix of every path; '' (the page's own origin) when the server serves the editor. */
  baseUrl?: string;
  fetch?: FetchFunction;
  /** Called when any call is refused with 401 (the session is gone): the app shows its sign-in screen. */
  onAuthRequired?: (error: EditorApiError) => void;
}

export interface PreviewRequest {
  template: unknown;
  data: Record<string, unknown>;
  format: OutputFormat;
  dpi?: number;
  zplDpi?: ZplDpi;
}

export interface PreviewResult {
  bytes: Blob;
  contentType: string;
  warnings: RenderWarning[];
}

/** POST /api/print: the template as the editor has it (saved or not) with one record or several. */
export interface EditorPrintRequest {
  template: unknown;
  records: Record<string, unknown>[];
  /** The record field with each record's number of labels. */
  quantityField?: string;
  printerId: string;
  copies: number;
}

/** POST /api/zpl/import: one label (index, from 0) of the ZPL at a density and label size (inches) becomes a saved template. */
export type ZplImportRequest = z.input<typeof zplImportBodySchema>;

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `attachment; filename="x.json"` → x.json; the fallback when the header is missing or odd. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '') ?? /filename=([^;\s]+)/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** The warnings header of a preview: URI-encoded JSON; anything unreadable counts as none rather than failing the preview. */
export function warningsFrom(header: string | null): RenderWarning[] {
  if (!header) return [];
  try {
    const parsed = warningListSchema.safeParse(JSON.parse(decodeURIComponent(header)));
    return parsed.success ? (parsed.data as RenderWarning[]) : [];
  } catch {
    return [];
  }
}

export function createEditorClient(options: EditorClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchFn: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));

  /** One request; an error answer (or none) becomes an EditorApiError. */
  async function send(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (MUTATING.has(method)) headers[EDITOR_HEADER_NAME] = '1';
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      // A cancelled request is the caller's own doing: it sees the AbortError, not a server that cannot be reached.
      if (signal?.aborted) throw cause;
      throw networkError(cause);
    }
    if (!response.ok) {
      const error = errorFromAnswer(response.status, response.statusText, await response.text().catch(() => ''));
      if (response.status === 401) options.onAuthRequired?.(error);
      throw error;
    }
    return response;
  }

  /** A JSON answer checked against its schema. */
  async function json<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<z.infer<S>> {
    const response = await send(method, path, body, signal);
    let value: unknown;
    try {
      value = await response.json();
    } catch {
      throw new EditorApiError('BAD_RESPONSE', `${method} ${path}: the answer is not JSON`, response.status);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EditorApiError(
        'BAD_RESPONSE',
        `${method} ${path}: unexpected answer (${issue?.path.join('.') ?? ''} ${issue?.message ?? ''})`,
        response.status,
      );
    }
    return parsed.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    /** GET with the cookie and no checks: font files and the like (loadServerFonts). */
    fetchRaw: (path: string): Promise<Response> => fetchFn(`${baseUrl}${path}`, { credentials: 'same-origin' }),

    getSession: () => json(sessionSchema, 'GET', '/api/session'),

    listTemplates: async (query: { search?: string; sort?: TemplateSort } = {}) => {
      const params = new URLSearchParams();
      if (query.search?.trim()) params.set('search', query.search.trim());
      if (query.sort) params.set('sort', query.sort);
      const suffix = params.size > 0 ? `?${params}` : '';
      return (await json(templateListSchema, 'GET', `/api/templates${suffix}`)).templates;
    },
    getTemplate: (templateId: string) => json(templateSchema, 'GET', `/api/templates/${id(templateId)}`),
    createTemplate: (content: unknown, slug?: string) =>
      json(templateSchema, 'POST', '/api/templates', slug === undefined ? { content } : { content, slug }),
    saveTemplate: (templateId: string, content: unknown) =>
      json(templateSchema, 'PUT', `/api/templates/${id(templateId)}`, { content }),
    renameTemplate: (templateId: string, name: string) =>
      json(templateSchema, 'PATCH', `/api/templates/${id(templateId)}`, { name }),
    setTemplateStatus: (templateId: string, status: 'draft' | 'published') =>
      json(templateSchema, 'PATCH', `/api/templates/${id(templateId)}`, { status }),
    /** Publishes the saved draft as the next version. */
    publishTemplate: (templateId: string, note?: string) =>
      json(
        templateSchema,
        'PATCH',
        `/api/templates/${id(templateId)}`,
        note === undefined || note.trim() === '' ? { status: 'published' } : { status: 'published', note },
      ),
    listVersions: async (templateId: string) =>
      (await json(templateVersionListSchema, 'GET', `/api/templates/${id(templateId)}/versions`)).versions,
    getVersion: (templateId: string, number: number) =>
      json(templateVersionContentSchema, 'GET', `/api/templates/${id(templateId)}/versions/${number}`),
    /** Publishes version `number`'s content again as the next version, and makes it the draft. */
    restoreVersion: (templateId: string, number: number) =>
      json(templateSchema, 'POST', `/api/templates/${id(templateId)}/versions/${number}/restore`, {}),
    duplicateTemplate: (templateId: string) =>
      json(templateSchema, 'POST', `/api/templates/${id(templateId)}/duplicate`),
    deleteTemplate: async (templateId: string): Promise<void> => {
      await send('DELETE', `/api/templates/${id(templateId)}`);
    },
    exportTemplate: async (templateId: string): Promise<DownloadedFile> => {
      const response = await send('GET', `/api/templates/${id(templateId)}/export`);
      return {
        blob: await response.blob(),
        fileName: fileNameFrom(response.headers.get('Content-Disposition'), `${templateId}.template.json`),
      };
    },
    importTemplate: (content: unknown) => json(templateSchema, 'POST', '/api/templates/import', { content }),
    /** The gallery picture; `version` (updatedAt) makes a changed template a new URL, so the page never shows a stale one. */
    thumbnailUrl: (templateId: string, version?: number) =>
      `${baseUrl}/api/templates/${id(templateId)}/thumbnail.png${version === undefined ? '' : `?v=${version}`}`,

    preview: async (request: PreviewRequest): Promise<PreviewResult> => {
      const response = await send('POST', '/api/preview', request);
      return {
        bytes: await response.blob(),
        contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
        warnings: warningsFrom(response.headers.get(WARNINGS_HEADER_NAME)),
      };
    },

    /** The ZPL page's drawing; `signal` cancels a preview that typing has made stale. */
    previewZpl: (request: ZplPreviewRequest, signal?: AbortSignal) =>
      json(zplPreviewAnswerSchema, 'POST', '/api/zpl/preview', request, signal),
    importZpl: (request: ZplImportRequest) => json(zplImportAnswerSchema, 'POST', '/api/zpl/import', request),

    listStocks: async () => (await json(stockListSchema, 'GET', '/api/stocks')).stocks,

    listKeys: async () => (await json(apiKeyListSchema, 'GET', '/api/keys')).keys,
    createKey: (request: { mode: 'live' | 'test'; demo?: boolean; name?: string }) =>
      json(createdKeySchema, 'POST', '/api/keys', request),
    revokeKey: (keyId: string) => json(apiKeySchema, 'DELETE', `/api/keys/${id(keyId)}`),

    getUsage: (days = 30) => json(usageSchema, 'GET', `/api/usage?days=${days}`),

    /** What the workspace's next live render or print would give each counter of `template`; nothing is taken. */
    nextCounters: async (template: unknown): Promise<Record<string, number>> =>
      (await json(nextCountersSchema, 'POST', '/api/counters/next', { template })).counters,
    getSettings: () => json(settingsSchema, 'GET', '/api/settings'),
    saveSettings: (
      settings: Pick<EditorSettings, 'lanAccess'> & { allowedHostnames?: string[]; viewerWithoutKey?: boolean },
    ) => json(settingsSchema, 'PUT', '/api/settings', settings),

    listLibraries: async () => (await json(libraryListSchema, 'GET', '/api/libraries')).libraries,
    createLibrary: (library: { slug: string; name: string }) => json(librarySchema, 'POST', '/api/libraries', library),
    addToLibrary: (librarySlug: string, templateId: string) =>
      json(templateSummarySchema, 'POST', `/api/libraries/${id(librarySlug)}/templates`, { templateId }),
    removeFromLibrary: (librarySlug: string, templateId: string) =>
      json(templateSummarySchema, 'DELETE', `/api/libraries/${id(librarySlug)}/templates/${id(templateId)}`),

    listPrinters: async () => (await json(editorPrinterListSchema, 'GET', '/api/printers')).printers,
    listVirtualPrinters: async () =>
      (await json(editorVirtualPrinterListSchema, 'GET', '/api/virtual-printers')).virtualPrinters,
    addVirtualPrinter: (virtual: EditorVirtualPrinterInput) =>
      json(editorVirtualPrinterSchema, 'POST', '/api/virtual-printers', virtual),
    updateVirtualPrinter: (virtualId: string, virtual: EditorVirtualPrinterInput) =>
      json(editorVirtualPrinterSchema, 'PUT', `/api/virtual-printers/${id(virtualId)}`, virtual),
    removeVirtualPrinter: (virtualId: string) =>
      json(editorVirtualPrinterSchema, 'DELETE', `/api/virtual-printers/${id(virtualId)}`),
    listHotFolders: async () => (await json(editorHotFolderListSchema, 'GET', '/api/hot-folders')).hotFolders,
    addHotFolder: (hotFolder: EditorHotFolderInput) =>
      json(editorHotFolderSchema, 'POST', '/api/hot-folders', hotFolder),
    updateHotFolder: (hotFolderId: string, hotFolder: EditorHotFolderInput) =>
      json(editorHotFolderSchema, 'PUT', `/api/hot-folders/${id(hotFolderId)}`, hotFolder),
    removeHotFolder: (hotFolderId: string) =>
      json(editorHotFolderSchema, 'DELETE', `/api/hot-folders/${id(hotFolderId)}`),
    addPrinter: (printer: EditorPrinterInput) => json(editorPrinterSchema, 'POST', '/api/printers', printer),
    updatePrinter: (printerId: string, printer: EditorPrinterInput) =>
      json(editorPrinterSchema, 'PUT', `/api/printers/${id(printerId)}`, printer),
    removePrinter: (printerId: string) => json(editorPrinterSchema, 'DELETE', `/api/printers/${id(printerId)}`),
    printTestLabel: (printerId: string) => json(printerTestResultSchema, 'POST', `/api/printers/${id(printerId)}/test`),
    printerStatus: (printerId: string) => json(printerStatusSchema, 'GET', `/api/printers/${id(printerId)}/status`),

    print: (request: EditorPrintRequest) => json(printJobSchema, 'POST', '/api/print', request),
    /** Raw ZPL to a printer, sent as it is (POST /api/print with zpl instead of a template). */
    printZpl: (request: { zpl: string; printerId: string; copies: number }) =>
      json(printJobSchema, 'POST', '/api/print', request),
    getPrintJob: (jobId: string) => json(printJobSchema, 'GET', `/api/print-jobs/${id(jobId)}`),
    /** The ZPL a job printed, as the printer got it (a virtual printer's or hot folder's job: as it was received). */
    getPrintJobZpl: async (jobId: string) =>
      (await json(printJobZplSchema, 'GET', `/api/print-jobs/${id(jobId)}/zpl`)).zpl,
    /** One page of the print history, newest first; `query` is built by printHistoryQuery. */
    listPrintJobs: (query: string) => json(printJobPageSchema, 'GET', `/api/print-jobs?${query}`),
    /** Labels of a job again (1-based, "12-15"; undefined: all), with the same serials: a new job. */
    reprintJob: (jobId: string, labels?: string) =>
      json(printJobSchema, 'POST', `/api/print-jobs/${id(jobId)}/reprint`, labels === undefined ? {} : { labels }),
    cancelPrintJob: (jobId: string) => json(printJobSchema, 'POST', `/api/print-jobs/${id(jobId)}/cancel`),

    listImages: async () => (await json(libraryImageListSchema, 'GET', '/api/images')).images,
    /** `data`: the file's bytes as base64; the server reads the type from them. */
    uploadImage: (name: string, data: string) => json(libraryImageSchema, 'POST', '/api/images', { name, data }),
    replaceImage: (name: string, data: string) => json(libraryImageSchema, 'PUT', `/api/images/${id(name)}`, { data }),
    deleteImage: async (name: string): Promise<void> => {
      await send('DELETE', `/api/images/${id(name)}`);
    },
    /** The image as uploaded (an SVG as SVG); `version` (updatedAt) makes a replaced image a new URL. */
    imageUrl: (name: string, version: number) => `${baseUrl}/api/images/${id(name)}?v=${version}`,
    /** What renders draw of it (an SVG's PNG raster), for the canvas. */
    drawnImage: async (name: string): Promise<Blob> => (await send('GET', `/api/images/${id(name)}/drawn`)).blob(),
  };
}

export type EditorClient = ReturnType<typeof createEditorClient>;
