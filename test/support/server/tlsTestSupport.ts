// Test helpers for HTTPS: a self-signed certificate made with openssl at test time, and requests that trust exactly it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { checkServerIdentity, type PeerCertificate } from 'node:tls';

export interface TestCertificate {
  certFile: string;
  keyFile: string;
  /** PEM text of the certificate: what a client trusts. */
  cert: string;
  key: string;
}

/** A P-256 certificate for the given IP addresses, valid two days, written into `dir`. */
export function makeTestCertificate(dir: string, ipAddresses: readonly string[]): TestCertificate {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const subjectAltName = ipAddresses.map((address) => `IP:${address}`).join(',');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=labelsmith-test',
      '-addext',
      `subjectAltName=${subjectAltName}`,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
}

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTPS request that trusts only `ca` and checks the certificate names the URL's host, as a browser would (Node
 * would check the Host header's name instead, which a test may set to something else).
 */
export function httpsCall(
  url: string,
  ca: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsAnswer> {
  const { hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const requestOptions = {
      method: options.method ?? 'GET',
      headers: options.headers,
      ca,
      agent: false,
      checkServerIdentity: (_name: string, cert: PeerCertificate) => checkServerIdentity(hostname, cert),
    };
    const outgoing = httpsRequest(url, requestOptions, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          json: <T>() => JSON.parse(text) as T,
        });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
