// The server's TLS certificate and key: read from PEM files and checked to belong together before the server listens.
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import type { TlsCredentials } from './serverConfig';

/** The files cannot be read, are not PEM, or the key is not the certificate's: the server must not start. */
export class TlsFilesError extends Error {}

function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new TlsFilesError(`the TLS ${what} ${file} cannot be read: ${(error as Error).message}`);
  }
}

export function readTlsCredentials(certFile: string, keyFile: string): TlsCredentials {
  const credentials = { cert: readPem(certFile, 'certificate'), key: readPem(keyFile, 'key') };
  try {
    // What https.createServer would do at its first handshake, done now so a bad pair fails the start instead.
    createSecureContext(credentials);
  } catch (error) {
    throw new TlsFilesError(
      `the TLS certificate ${certFile} and key ${keyFile} cannot be used together: ${(error as Error).message}`,
    );
  }
  return credentials;
}
