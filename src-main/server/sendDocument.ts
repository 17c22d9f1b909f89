// Answers with a rendered document: its Content-Type, never sniffed, and sandboxed should a browser open it.
import type { Context } from 'koa';

/**
 * A rendered document may hold data from anyone who could render: opened in a browser it runs sandboxed (no
 * script, no same-origin access), loads nothing but its own inline styles and data: fonts and images, and is
 * never sniffed into another type.
 */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:";

export function sendDocument(ctx: Context, contentType: string, bytes: Uint8Array): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', DOCUMENT_CSP);
  ctx.type = contentType;
  ctx.body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
