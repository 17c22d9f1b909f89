// The window trusts its own server's certificate on its own origin, and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestCertificate } from '../../test/support/server/tlsTestSupport';
import { isOwnCertificate } from './ownCertificate';

const dirs = [mkdtempSync(join(tmpdir(), 'labelsmith-cert-')), mkdtempSync(join(tmpdir(), 'labelsmith-cert-'))];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const [ownDir = '', otherDir = ''] = dirs;
const own = makeTestCertificate(ownDir, ['127.0.0.1']).cert;
const other = makeTestCertificate(otherDir, ['127.0.0.1']).cert;
const entry = { pageUrl: 'https://127.0.0.1:8425/', devServer: false };

describe('isOwnCertificate', () => {
  it("accepts the server's certificate on the page's origin", () => {
    expect(isOwnCertificate('https://127.0.0.1:8425/api/session', own, own, entry)).toBe(true);
  });

  it('refuses another certificate, another origin, no certificate of its own, and text that is not a certificate', () => {
    expect(isOwnCertificate('https://127.0.0.1:8425/', other, own, entry)).toBe(false);
    expect(isOwnCertificate('https://127.0.0.1:9999/', own, own, entry)).toBe(false);
    expect(isOwnCertificate('https://example.org/', own, own, entry)).toBe(false);
    expect(isOwnCertificate('https://127.0.0.1:8425/', own, undefined, entry)).toBe(false);
    expect(isOwnCertificate('https://127.0.0.1:8425/', 'not a certificate', own, entry)).toBe(false);
  });
});
