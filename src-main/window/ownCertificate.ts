// Which TLS certificate the window accepts without a trusted chain: exactly the one its own server presents, for its own origin.
import { X509Certificate } from 'node:crypto';
import { isRendererUrl, type RendererEntry } from './rendererEntry';

/**
 * A LAN certificate is often self-signed, or names the machine's DNS name rather than 127.0.0.1, so Chromium refuses
 * it. The window may still load its own server's page when the certificate shown is the very one (same SHA-256
 * fingerprint) the server was started with: no other certificate and no other origin gets this exception.
 */
export function isOwnCertificate(
  url: string,
  presentedPem: string,
  ownCertPem: string | undefined,
  entry: RendererEntry,
): boolean {
  if (ownCertPem === undefined || !isRendererUrl(url, entry)) return false;
  try {
    return new X509Certificate(presentedPem).fingerprint256 === new X509Certificate(ownCertPem).fingerprint256;
  } catch {
    return false;
  }
}
