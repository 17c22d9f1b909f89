// The live status of each listed printer, asked through the server while the page is visible (see statusPoller).
import { useEffect, useState } from 'react';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { describeError } from '../../api/apiError';
import { client } from '../../api/appClient';
import { printerAddress } from './printerFields';
import type { StatusCheck } from './printerStatusBadge';
import { documentVisibility, pollStatuses } from './statusPoller';

function askStatus(printerId: string): Promise<StatusCheck> {
  return client.printerStatus(printerId).then(
    (report): StatusCheck => ({ status: 'answered', report }),
    (error: unknown): StatusCheck => ({ status: 'failed', message: describeError(error) }),
  );
}

/** Printers without an answer yet are missing from the map ("checking"). An edited address starts over. */
export function usePrinterStatuses(printers: readonly EditorPrinter[]): ReadonlyMap<string, StatusCheck> {
  const [checks, setChecks] = useState<ReadonlyMap<string, StatusCheck>>(new Map());
  const key = printers.map((printer) => `${printer.id} ${printerAddress(printer.connection)}`).join('\n');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n').map((line) => line.slice(0, line.indexOf(' ')));
    setChecks(new Map());
    return pollStatuses(
      ids,
      askStatus,
      (id, check) => setChecks((previous) => new Map(previous).set(id, check)),
      documentVisibility(),
    );
  }, [key]);
  return checks;
}
