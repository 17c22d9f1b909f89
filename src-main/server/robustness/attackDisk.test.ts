// Attacks M1 and M3 (disk) against a real `labelsmith serve`: device printers at files, folders and links refused without a byte written, a batch over the output cap refused before writing.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_BYTES } from '@shared/api/plans';
import { ADMIN_TOKEN_FILE } from '../adminSession';
import { attackTarget, underAttack } from '../../../test/support/server/attackSupport';
import { call, cliRun, render, tempDataDir } from '../../../test/support/server/robustnessSupport';

const target = attackTarget();

describe("M1: a device printer at a path that is not a printer's character device", () => {
  it('is refused by the admin CLI (exit 2) and the editor API (400), added or edited, and the file keeps its bytes', async () => {
    const dir = tempDataDir();
    const bashrc = join(dir, '.bashrc');
    const original = 'alias ll="ls -l"\n';
    writeFileSync(bashrc, original);
    mkdirSync(join(dir, 'usb'));
    symlinkSync(bashrc, join(dir, 'lp0'));
    const paths = [bashrc, join(dir, 'usb'), join(dir, 'lp0')];
    const api = (path: string, method: string, body: unknown) =>
      call(target.server.url, path, {
        method,
        body,
        headers: { Authorization: `Bearer ${readFileSync(join(target.dataDir, ADMIN_TOKEN_FILE), 'utf8').trim()}` },
      });

    await underAttack('M1 device printer at a file, a folder, a link', target.server, target.tenant, async () => {
      // A printer that exists, to be edited to point at each path.
      const usb = await api('/api/printers', 'POST', {
        name: 'Network',
        connection: { kind: 'raw', host: '127.0.0.1', port: 9100 },
      });
      expect(usb.status, usb.text).toBe(201);
      for (const path of paths) {
        const added = await cliRun(target.cli, [
          'printer',
          'add',
          '--team',
          target.tenant.teamId,
          '--name',
          'USB',
          '--kind',
          'device',
          '--device',
          path,
          '--data-dir',
          target.dataDir,
        ]);
        expect(added, path).toMatchObject({
          code: 2,
          stdout: '',
          stderr: expect.stringMatching(/^error: --device: .*is not a printer's device .*: nothing is written to it/),
        });
        for (const [route, method] of [
          ['/api/printers', 'POST'],
          [`/api/printers/${String(usb.json?.id)}`, 'PUT'],
        ]) {
          const answer = await api(route ?? '', method ?? '', { name: 'USB', connection: { kind: 'device', path } });
          expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(400);
          expect(answer.json).toMatchObject({
            code: 'BAD_REQUEST',
            error: expect.stringMatching(
              /^connection\.path: .* is not a printer's device .*: nothing is written to it$/,
            ),
          });
        }
      }
    });
    expect(readFileSync(bashrc, 'utf8')).toBe(original);
    const printers = await api('/api/printers', 'GET', undefined);
    expect(JSON.stringify(printers.json)).not.toContain(dir);
  });
});

describe('M3: a batch whose output is over the per-output cap', () => {
  it('is 413 OUTPUT_TOO_LARGE naming the cap, with nothing written in the outputs folder', async () => {
    // A 100 KB request: a page of small text at 600 dpi is a PNG of about 5 MB, and 12 copies of it (rasterised once)
    // are a zip of about 60 MB, over the 50 MB cap.
    const text = Array.from({ length: 1500 }, (_, index) => ((index * 7919) % 10007).toString(36)).join(' ');
    const elements = Array.from({ length: 12 }, (_, row) => ({
      id: `t${row}`,
      type: 'text',
      position: { mode: 'absolute', x: '0in', y: `${row}in` },
      width: '8in',
      height: '1in',
      content: { text },
      style: { fontSize: '4pt' },
    }));
    const batch = {
      template: { formatVersion: 1, meta: { name: 'Dense' }, dimensions: { width: '8in', height: '12in' }, elements },
      records: [{ qty: 12 }],
      quantityField: 'qty',
      format: 'png',
      dpi: 600,
    };
    expect(JSON.stringify(batch).length).toBeLessThan(200_000);
    const outputs = join(target.dataDir, 'outputs');
    const before = readdirSync(outputs).sort();
    const { result: answer } = await underAttack('M3 batch over the output cap', target.server, target.tenant, () =>
      render(target.server.url, target.tenant.key, batch, 60_000),
    );
    expect(answer.status, answer.text.slice(0, 300)).toBe(413);
    expect(answer.json).toMatchObject({
      code: 'OUTPUT_TOO_LARGE',
      details: { limitBytes: MAX_OUTPUT_BYTES, sizeBytes: expect.any(Number) },
    });
    expect(Number((answer.json?.details as Record<string, unknown>).sizeBytes)).toBeGreaterThan(MAX_OUTPUT_BYTES);
    expect(String(answer.json?.error)).toMatch(new RegExp(`over the ${MAX_OUTPUT_BYTES}-byte limit of a kept output`));
    // Only the witnesses' outputs were written meanwhile: each is a small label, none is the batch.
    const written = readdirSync(outputs).filter((name) => !before.includes(name));
    for (const name of written) expect(readFileSync(join(outputs, name)).length, name).toBeLessThan(1_000_000);
  }, 90_000);
});
