// A printer's print history: its jobs newest first (filtered by state, a page at a time), each naming the template and version it printed and followed while pending, with Cancel while pending and Reprint of chosen labels with the same serials.
import { useEffect, useState } from 'react';
import type { PrintJob } from '@shared/api/printRequest';
import type { EditorPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { editorStore } from '../../store';
import { Dialog } from '../../ui/Dialog';
import { printJobLine } from '../print/printJobStatus';
import {
  appendPage,
  checkReprintLabels,
  hasOpenableZpl,
  HISTORY_FILTERS,
  isPending,
  jobActions,
  jobLabelName,
  jobSize,
  jobSource,
  printHistoryQuery,
  withJob,
  type HistoryFilter,
  type HistoryRows,
} from './printHistory';
import { TableHead } from '../../ui/TableHead';
import { routeHref } from '../../shell/routes';

/** How often pending jobs are asked for again while the history is open: a job's progress moves without Refresh. */
const FOLLOW_MS = 1000;

const FILTER_NAMES: Record<HistoryFilter, string> = {
  all: 'All',
  pending: 'Pending',
  done: 'Printed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function PrintHistoryDialog({ printer, onClose }: { printer: EditorPrinter; onClose(): void }) {
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [rows, setRows] = useState<HistoryRows | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [reprinting, setReprinting] = useState<PrintJob | null>(null);
  const notice = editorStore.getState().showNotice;
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    client.listTemplates().then(
      (templates) => setNames(new Map(templates.map((template) => [template.id, template.name]))),
      () => undefined,
    );
  }, []);

  // The jobs still moving, asked for one by one: older pages stay as loaded.
  const pendingIds =
    rows?.jobs
      .filter(isPending)
      .map((job) => job.id)
      .join(',') ?? '';
  useEffect(() => {
    if (pendingIds === '') return;
    const timer = setInterval(() => {
      for (const id of pendingIds.split(',')) {
        client.getPrintJob(id).then(
          (job) => setRows((shown) => (shown === null ? shown : withJob(shown, job))),
          () => undefined,
        );
      }
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [pendingIds]);

  useEffect(() => {
    let wanted = true;
    client.listPrintJobs(printHistoryQuery(printer.id, filter)).then(
      (page) => wanted && (setRows({ jobs: page.printJobs, nextCursor: page.nextCursor }), setError(null)),
      (failure: unknown) => wanted && setError(describeError(failure)),
    );
    return () => {
      wanted = false;
    };
  }, [printer.id, filter, round]);

  const more = async (cursor: string) => {
    try {
      const page = await client.listPrintJobs(printHistoryQuery(printer.id, filter, cursor));
      setRows((shown) => (shown === null ? shown : appendPage(shown, page)));
    } catch (failure) {
      setError(describeError(failure));
    }
  };
  const cancel = async (job: PrintJob) => {
    try {
      const cancelled = await client.cancelPrintJob(job.id);
      setRows((shown) => (shown === null ? shown : withJob(shown, cancelled)));
      notice('info', `Job cancelled after ${cancelled.labelsSent} of ${cancelled.totalLabels} labels.`);
    } catch (failure) {
      notice('error', `Not cancelled: ${describeError(failure)}`);
    }
  };

  return (
    <Dialog title={`Print history: ${printer.name}`} onClose={onClose} className="dialog-wide" closeOnOutsideClick>
      <div className="button-row" role="group" aria-label="Show jobs">
        {(Object.keys(HISTORY_FILTERS) as HistoryFilter[]).map((name) => (
          <button key={name} type="button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {FILTER_NAMES[name]}
          </button>
        ))}
        <button type="button" onClick={() => setRound((value) => value + 1)}>
          Refresh
        </button>
      </div>
      {error && (
        <p role="alert" className="error-text">
          Could not load the history: {error}
        </p>
      )}
      {rows && rows.jobs.length === 0 && <p className="empty-state">No jobs.</p>}
      {rows && rows.jobs.length > 0 && (
        <div className="table-scroll">
          <table className="data-table print-history-table">
            <TableHead caption={`Print jobs of ${printer.name}`} columns={['Created', 'Label', 'Labels', 'State']} />
            <tbody>
              {rows.jobs.map((job) => {
                const actions = jobActions(job);
                return (
                  <tr key={job.id}>
                    <th scope="row">{new Date(job.createdAt).toLocaleString()}</th>
                    <td>
                      {jobLabelName(job, names)}
                      {jobSource(job) !== null && <div className="hint">{jobSource(job)}</div>}
                    </td>
                    <td>{jobSize(job)}</td>
                    <td>{printJobLine(job, printer.name).text}</td>
                    <td>
                      {/* As in PrinterTable: .row-actions is a flex box, which a table cell must not become. */}
                      <div className="row-actions">
                        {actions.cancel && (
                          <button type="button" className="danger" onClick={() => void cancel(job)}>
                            Cancel
                          </button>
                        )}
                        {hasOpenableZpl(job) && (
                          <a className="button" href={routeHref({ page: 'zpl', jobId: job.id })} onClick={onClose}>
                            Open ZPL
                          </a>
                        )}
                        <button
                          type="button"
                          disabled={!actions.reprint}
                          title={actions.reprintBlocked}
                          onClick={() => setReprinting(job)}
                        >
                          Reprint…
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows?.nextCursor && (
        <button type="button" onClick={() => void more(rows.nextCursor ?? '')}>
          Older jobs
        </button>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {reprinting && (
        <ReprintDialog
          job={reprinting}
          onDone={(reprint) => {
            setReprinting(null);
            setRows((shown) => (shown === null ? shown : withJob(shown, reprint)));
            notice('info', `Reprint queued: ${jobSize(reprint)}.`);
          }}
          onCancel={() => setReprinting(null)}
        />
      )}
    </Dialog>
  );
}

function ReprintDialog({
  job,
  onDone,
  onCancel,
}: {
  job: PrintJob;
  onDone(reprint: PrintJob): void;
  onCancel(): void;
}) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const checked = checkReprintLabels(text, job);
  const submit = async () => {
    if ('error' in checked) return;
    try {
      onDone(await client.reprintJob(job.id, checked.labels));
    } catch (failure) {
      setRefusal(describeError(failure));
    }
  };
  return (
    <Dialog
      title="Reprint labels"
      onClose={onCancel}
      description={`Labels 1 to ${job.totalLabels} of this job print again with the same data and serial numbers.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label>
          Labels (empty: all)
          <input
            value={text}
            placeholder="12-15 or 1,3,5-7"
            aria-invalid={'error' in checked}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <p className={'error' in checked ? 'error-text' : 'hint'} role="status">
          {'error' in checked
            ? checked.error
            : `${checked.count} ${checked.count === 1 ? 'label' : 'labels'} will print.`}
        </p>
        {refusal && (
          <p role="alert" className="error-text">
            {refusal}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="primary" disabled={'error' in checked}>
            Reprint
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
