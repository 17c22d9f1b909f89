// The virtual printer form's fields to and from the API's shape (IPv6 addresses in brackets), and the server's refusals put on the form's fields.
import { describe, expect, it } from 'vitest';
import type { EditorVirtualPrinter } from '@shared/api/editorPrinters';
import { EditorApiError } from '../../api/apiError';
import { formFromVirtualPrinter, virtualPrinterFieldErrors, virtualPrinterInput } from './virtualPrinterFields';

const wms: EditorVirtualPrinter = {
  id: 'v1',
  name: 'Old WMS',
  listen: '[::1]:9101',
  routes: ['Dock 1', 'Dock 2'],
  routeIds: ['p1', 'p2'],
  pool: 'round-robin',
  allowedClients: ['10.0.0.0/8', '192.168.1.7'],
  dpi: 203,
};

describe('the virtual printer form', () => {
  it('edits a virtual printer and sends it back as it was', () => {
    const fields = formFromVirtualPrinter(wms);
    expect(fields).toEqual({
      name: 'Old WMS',
      host: '::1',
      port: '9101',
      routes: ['p1', 'p2'],
      pool: 'round-robin',
      allowedClients: '10.0.0.0/8, 192.168.1.7',
      dpi: '203',
    });
    expect(virtualPrinterInput(fields)).toEqual({
      name: 'Old WMS',
      listen: '[::1]:9101',
      routes: ['p1', 'p2'],
      pool: 'round-robin',
      allowedClients: ['10.0.0.0/8', '192.168.1.7'],
      dpi: 203,
    });
    expect(virtualPrinterInput({ ...fields, host: ' 0.0.0.0 ', allowedClients: ' ', dpi: '' })).toMatchObject({
      listen: '0.0.0.0:9101',
      allowedClients: [],
      dpi: null,
    });
  });

  it('puts the server’s refusals on their fields: listen on the address, a conflict by the field it names', () => {
    const invalid = new EditorApiError('BAD_REQUEST', 'listen: …', 400, {
      errors: [
        { path: 'listen', message: 'must be ADDRESS:PORT' },
        { path: 'routes', message: 'must name at least one printer' },
        { path: 'allowedClients', message: 'needs the client addresses' },
      ],
    });
    expect(virtualPrinterFieldErrors(invalid)).toEqual({
      host: 'must be ADDRESS:PORT',
      routes: 'must name at least one printer',
      allowedClients: 'needs the client addresses',
    });
    expect(
      virtualPrinterFieldErrors(new EditorApiError('CONFLICT', 'name: the team already has one named "x"', 409)),
    ).toEqual({ name: 'the team already has one named "x"' });
    expect(
      virtualPrinterFieldErrors(
        new EditorApiError('LAN_ACCESS_OFF', 'listen: listening beyond … needs LAN access', 409),
      ),
    ).toEqual({ host: 'listening beyond … needs LAN access' });
    expect(virtualPrinterFieldErrors(new Error('offline'))).toEqual({});
  });
});
