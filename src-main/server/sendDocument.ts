// Answers with a rendered document: its Content-Type, never sniffed, and sandboxed should a browser open it.
import type { Readable } from 'node:stream';
import type { Context } from 'koa';

/**
 * A rendered document may hold data from anyone who could render: opened in a browser it runs sandboxed (no
 * script, no same-origin access), loads nothing but its own inline styles and data: fonts and images, and is
 * never sniffed into another type.
 */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

/** `bytes` whole, or a kept output streamed (from its file or its S3 object) with its `size`, in bounded memory. */
export function sendDocument(ctx: Context, contentType: string, bytes: Uint8Array): void;
export function sendDocument(ctx: Context, contentType: string, stream: Readable, size: number): void;
export function sendDocument(ctx: Context, contentType: string, body: Uint8Array | Readable, size?: number): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', DOCUMENT_CSP);
  ctx.type = contentType;
  if (body instanceof Uint8Array) {
    ctx.body = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    return;
  }
  ctx.body = body;
  if (size !== undefined) ctx.length = size;
}
