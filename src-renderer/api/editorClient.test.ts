import { describe, expect, it, vi } from 'vitest';
import { describeError, EditorApiError, errorFromAnswer } from './apiError';
import { createEditorClient, fileNameFrom, warningsFrom, type FetchFunction } from './editorClient';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fakeFetch(answer: () => Response | Promise<Response>): { fetch: FetchFunction; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
  };
}

const jsonAnswer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const session = {
  teamId: 't1',
  teamName: 'Local workspace',
  superAdmin: true,
  version: '0.1.0',
  serverUrl: 'http://127.0.0.1:8431',
  lanAccess: false,
  host: '127.0.0.1',
  port: 8431,
};
const summary = {
  id: 'tpl1',
  slug: 'tag',
  name: 'Tag',
  status: 'draft',
  librarySlug: null,
  createdAt: 1,
  updatedAt: 2,
  dimensions: { width: '50mm', height: '30mm' },
  latestVersion: null,
  draftChanged: true,
};

describe('the editor client', () => {
  it('sends the cookie same-origin, and the editor header only on changes', async () => {
    const { fetch, calls } = fakeFetch(() => jsonAnswer({ ...summary, content: { elements: [] } }));
    const client = createEditorClient({ fetch, baseUrl: 'http://host:1' });
    await client.getTemplate('tpl 1');
    await client.saveTemplate('tpl1', { elements: [] });
    const [get, put] = calls;
    expect(get?.url).toBe('http://host:1/api/templates/tpl%201');
    expect(get?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(get?.init?.headers).not.toHaveProperty('X-Labelsmith-Editor');
    expect(put?.init).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'X-Labelsmith-Editor': '1', 'Content-Type': 'application/json' },
    });
    expect(JSON.parse(String(put?.init?.body))).toEqual({ content: { elements: [] } });
  });

  it('turns the server error body into an EditorApiError with code, message, status and details', async () => {
    const details = { errors: [{ path: 'elements[0].width', message: 'must be a number followed by a unit' }] };
    const { fetch } = fakeFetch(() =>
      jsonAnswer({ error: 'template is invalid', code: 'INVALID_TEMPLATE', details }, 400),
    );
    const error = await createEditorClient({ fetch })
      .saveTemplate('x', {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EditorApiError);
    expect(error).toMatchObject({ code: 'INVALID_TEMPLATE', message: 'template is invalid', status: 400, details });
    expect((error as EditorApiError).problems).toEqual(details.errors);
    expect(describeError(error)).toBe('The label has problems: elements[0].width: must be a number followed by a unit');
  });

  it('tells the app when the session is gone (401), and still throws', async () => {
    const onAuthRequired = vi.fn();
    const { fetch } = fakeFetch(() =>
      jsonAnswer({ error: 'an admin session is required', code: 'AUTH_REQUIRED' }, 401),
    );
    await expect(createEditorClient({ fetch, onAuthRequired }).getSession()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      status: 401,
    });
    expect(onAuthRequired).toHaveBeenCalledOnce();
  });

  it('lets a ZPL preview be cancelled: the caller sees its own abort, not a server that cannot be reached', async () => {
    const calls: RequestInit[] = [];
    const fetch: FetchFunction = (_url, init) =>
      new Promise((_resolve, reject) => {
        if (init) calls.push(init);
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    const controller = new AbortController();
    const pending = createEditorClient({ fetch }).previewZpl(
      { zpl: '^XA^XZ', dpmm: 8, width: 4, height: 6 },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ zpl: '^XA^XZ', dpmm: 8, width: 4, height: 6 });
  });

  it('maps a failed fetch, a non-JSON error and a malformed answer to codes of its own', async () => {
    const down = createEditorClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(down.getSession()).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    const proxy = createEditorClient({
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(proxy.getSession()).rejects.toMatchObject({
      code: 'HTTP_502',
      status: 502,
      message: 'the server answered 502 Bad Gateway: <html>Bad gateway</html>',
    });
    const odd = createEditorClient({ fetch: async () => jsonAnswer({ ...session, superAdmin: 'yes' }) });
    await expect(odd.getSession()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    const notJson = createEditorClient({ fetch: async () => new Response('hello') });
    await expect(notJson.getSession()).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('checks and returns answers: session, template list with its query, delete without a body', async () => {
    const { fetch, calls } = fakeFetch(() => jsonAnswer({ templates: [summary] }));
    const client = createEditorClient({ fetch });
    expect(await client.listTemplates({ search: ' tag ', sort: 'name' })).toEqual([summary]);
    expect(calls[0]?.url).toBe('/api/templates?search=tag&sort=name');
    await client.listTemplates();
    expect(calls[1]?.url).toBe('/api/templates');
    expect(await createEditorClient({ fetch: async () => jsonAnswer(session) }).getSession()).toEqual(session);
    const deleted = fakeFetch(() => new Response(null, { status: 204 }));
    await createEditorClient({ fetch: deleted.fetch }).deleteTemplate('tpl1');
    expect(deleted.calls[0]?.init).toMatchObject({ method: 'DELETE', headers: { 'X-Labelsmith-Editor': '1' } });
  });

  it('gives previews as bytes with their type and warnings, and exports with the server’s file name', async () => {
    const warnings = [{ code: 'FONT_FALLBACK', message: 'font "Comic" is not bundled', elementId: 'a' }];
    const client = createEditorClient({
      fetch: async (url) =>
        url.endsWith('/export')
          ? new Response('{}', { headers: { 'Content-Disposition': 'attachment; filename="price-tag.template.json"' } })
          : new Response('^XA^XZ', {
              headers: {
                'Content-Type': 'text/plain; charset=utf-8',
                'X-Labelsmith-Warnings': encodeURIComponent(JSON.stringify(warnings)),
              },
            }),
    });
    const preview = await client.preview({ template: {}, data: {}, format: 'zpl' });
    expect(preview.contentType).toBe('text/plain; charset=utf-8');
    expect(await preview.bytes.text()).toBe('^XA^XZ');
    expect(preview.warnings).toEqual(warnings);
    expect((await client.exportTemplate('tpl1')).fileName).toBe('price-tag.template.json');
  });
});

describe('answer helpers', () => {
  it('read file names and warnings forgivingly', () => {
    expect(fileNameFrom('attachment; filename="a.json"', 'x')).toBe('a.json');
    expect(fileNameFrom(null, 'x')).toBe('x');
    expect(warningsFrom(null)).toEqual([]);
    expect(warningsFrom('%7Bnot json')).toEqual([]);
  });

  it('keeps a JSON error body that is not the server’s shape as text', () => {
    expect(errorFromAnswer(404, 'Not Found', '{"message":"nope"}')).toMatchObject({ code: 'HTTP_404', status: 404 });
  });
});
