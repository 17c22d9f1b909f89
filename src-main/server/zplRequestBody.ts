// Reads raw ZPL from a request body as Labelary's clients send it: the body itself (curl --data-binary, text/plain) or a multipart "file" field.
import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { PayloadTooLargeError } from '@shared/api/apiErrors';
import { BadRequestError } from '@shared/errors';
import { zplTextFromBytes } from '@shared/read/zpl/zplCharsets';
import { BODY_LIMIT } from './middleware/jsonBody';

/** The raw body, at most 1 MB (413 above, the rest of the body discarded so a keep-alive connection stays usable). */
async function rawBody(ctx: Context): Promise<Buffer> {
  try {
    return await getRawBody(ctx.req, { limit: BODY_LIMIT, length: ctx.get('Content-Length') || undefined });
  } catch (error) {
    if (!ctx.req.readableEnded) ctx.req.resume();
    if ((error as { type?: string }).type === 'entity.too.large') throw new PayloadTooLargeError('1 MB');
    throw error;
  }
}

/**
 * The ZPL of a viewer request as readZpl takes it (one character a byte: ^CI decides how field bytes read).
 * multipart/form-data: its "file" field (a file or a plain value), parsed by the runtime's own form-data parser
 * (undici's); any other type: the body as it is, never URL-decoded, because `curl --data-binary @label.zpl` labels
 * raw ZPL application/x-www-form-urlencoded.
 */
export async function readZplBody(ctx: Context): Promise<string> {
  const bytes = await rawBody(ctx);
  if (!ctx.is('multipart/form-data')) return zplTextFromBytes(bytes);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { 'Content-Type': ctx.get('Content-Type') },
    }).formData();
  } catch {
    throw new BadRequestError('the multipart body cannot be read: send the ZPL as a form field named "file"');
  }
  const file = form.get('file');
  if (file === null) throw new BadRequestError('the multipart body has no field named "file": send the ZPL in it');
  // A plain value arrives decoded as UTF-8: its bytes again, as a file's.
  return zplTextFromBytes(
    typeof file === 'string' ? new TextEncoder().encode(file) : new Uint8Array(await file.arrayBuffer()),
  );
}
