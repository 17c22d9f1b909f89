import { describe, expect, it } from 'vitest';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { EditorApiError } from '../../api/apiError';
import {
  EMPTY_PRINTER_FORM,
  fieldErrors,
  formFromPrinter,
  mediaHandlingText,
  mediaText,
  printerAddress,
  printerInput,
} from './printerFields';

const dock: EditorPrinter = {
  id: 'p1',
  name: 'Dock 1',
  connection: { kind: 'raw', host: '10.0.0.5', port: 9100 },
  dpi: 300,
  media: { width: '4in', height: '6in' },
  darkness: 20,
  speed: 4,
  timeZone: 'Europe/Berlin',
  unprintableMargin: '1mm',
  fonts: 'download',
  mediaType: 'thermal-transfer',
  printMode: 'peel-off',
  mediaSensing: 'mark',
  topOffset: '-1mm',
  leftOffset: '0.5mm',
  createdAt: 0,
};

/** The media handling fields left to the printer. */
const OWN_MEDIA_HANDLING = {
  mediaType: null,
  printMode: null,
  mediaSensing: null,
  topOffset: null,
  leftOffset: null,
} as const;

describe('printer fields', () => {
  it('show each kind’s address and the media size', () => {
    expect(printerAddress(dock.connection)).toBe('10.0.0.5:9100');
    expect(printerAddress({ kind: 'raw', host: 'fe80::1', port: 6101 })).toBe('[fe80::1]:6101');
    expect(printerAddress({ kind: 'system', queue: 'GK420', rawQueue: true })).toBe('GK420 (raw ZPL)');
    expect(printerAddress({ kind: 'system', queue: 'Office', rawQueue: false })).toBe('Office (PDF)');
    expect(printerAddress({ kind: 'device', path: '/dev/usb/lp0' })).toBe('/dev/usb/lp0');
    expect(mediaText(dock.media)).toBe('4in × 6in');
    expect(mediaText(null)).toBe('Printer’s own');
    expect(mediaHandlingText(dock)).toBe('Thermal transfer (ribbon), Peel off, Black mark, 1mm up, 0.5mm right');
    expect(mediaHandlingText({ ...OWN_MEDIA_HANDLING, printMode: 'cutter', leftOffset: '-2mm' })).toBe(
      'Cut (cutter), 2mm left',
    );
    expect(mediaHandlingText(OWN_MEDIA_HANDLING)).toBe('');
  });

  it('go from a printer to the form and back unchanged', () => {
    const form = formFromPrinter(dock);
    expect(form).toMatchObject({
      name: 'Dock 1',
      kind: 'raw',
      host: '10.0.0.5',
      port: '9100',
      dpi: 300,
      mediaWidth: '4in',
      darkness: '20',
      speed: '4',
      timeZone: 'Europe/Berlin',
    });
    expect(form).toMatchObject({
      mediaType: 'thermal-transfer',
      printMode: 'peel-off',
      mediaSensing: 'mark',
      topOffset: '-1mm',
      leftOffset: '0.5mm',
    });
    const {
      name,
      connection,
      dpi,
      media,
      darkness,
      speed,
      timeZone,
      unprintableMargin,
      fonts,
      mediaType,
      printMode,
      mediaSensing,
      topOffset,
      leftOffset,
    } = dock;
    expect(printerInput(form)).toEqual({
      name,
      connection,
      dpi,
      media,
      darkness,
      speed,
      timeZone,
      unprintableMargin,
      fonts,
      mediaType,
      printMode,
      mediaSensing,
      topOffset,
      leftOffset,
    });
    const queue: EditorPrinter = {
      ...dock,
      connection: { kind: 'system', queue: 'GK420', rawQueue: true },
      media: null,
      darkness: null,
      speed: null,
      timeZone: null,
      unprintableMargin: null,
      ...OWN_MEDIA_HANDLING,
    };
    expect(printerInput(formFromPrinter(queue))).toMatchObject({
      connection: queue.connection,
      media: null,
      darkness: null,
      speed: null,
      timeZone: null,
      unprintableMargin: null,
      ...OWN_MEDIA_HANDLING,
    });
    const device: EditorPrinter = { ...dock, connection: { kind: 'device', path: '/dev/usb/lp0' } };
    expect(printerInput(formFromPrinter(device)).connection).toEqual(device.connection);
  });

  it('send only the chosen kind’s fields, trimmed, with port 9100 when left empty', () => {
    const form = {
      ...EMPTY_PRINTER_FORM,
      name: ' Back office ',
      host: ' zebra.local ',
      port: '',
      queue: 'left over',
      path: '/dev/x',
      timeZone: ' ',
    };
    expect(printerInput(form)).toEqual({
      name: 'Back office',
      connection: { kind: 'raw', host: 'zebra.local', port: 9100 },
      dpi: 203,
      media: null,
      darkness: null,
      speed: null,
      timeZone: null,
      unprintableMargin: null,
      fonts: 'graphic',
      ...OWN_MEDIA_HANDLING,
    });
    expect(printerInput({ ...form, topOffset: ' -1mm ', leftOffset: ' ' })).toMatchObject({
      topOffset: '-1mm',
      leftOffset: null,
    });
    expect(printerInput({ ...form, timeZone: ' America/New_York ' }).timeZone).toBe('America/New_York');
    expect(printerInput({ ...form, unprintableMargin: ' 1mm ' }).unprintableMargin).toBe('1mm');
    expect(printerInput({ ...form, kind: 'device' }).connection).toEqual({ kind: 'device', path: '/dev/x' });
    // Half a media size is sent as typed, so the server names the missing side.
    expect(printerInput({ ...form, mediaWidth: '4in' }).media).toEqual({ width: '4in', height: '' });
  });

  it('map the server’s refusals to the form’s fields', () => {
    const invalid = new EditorApiError('BAD_REQUEST', 'connection.host: must be a host name or an IP address', 400, {
      errors: [
        { path: 'connection.host', message: 'must be a host name or an IP address' },
        { path: 'media.height', message: 'must be a positive length with a unit, e.g. "4in" or "100mm"' },
        { path: 'somewhere.else', message: 'not a field of the form' },
        { path: 'topOffset', message: 'must be a length with a unit, e.g. "1mm" or "-0.5mm"' },
      ],
    });
    expect(fieldErrors(invalid)).toEqual({
      host: 'must be a host name or an IP address',
      mediaHeight: 'must be a positive length with a unit, e.g. "4in" or "100mm"',
      topOffset: 'must be a length with a unit, e.g. "1mm" or "-0.5mm"',
    });
    const taken = new EditorApiError(
      'CONFLICT',
      'name: the workspace already has a printer named "Dock 1"; choose another name',
      409,
    );
    expect(fieldErrors(taken)).toEqual({
      name: 'the workspace already has a printer named "Dock 1"; choose another name',
    });
    expect(fieldErrors(new Error('network'))).toEqual({});
  });
});
