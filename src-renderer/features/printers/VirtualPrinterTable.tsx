// The workspace's virtual printers on the Printers page: where each takes ZPL from old systems and which printers its labels go to.
import type { EditorVirtualPrinter } from '@shared/api/editorPrinters';
import { client } from '../../api/appClient';
import { useLoader } from '../../ui/useLoader';

const POOL_NAMES = { failover: 'the first ready one', 'round-robin': 'each in turn' } as const;

function routesText(virtual: EditorVirtualPrinter): string {
  const routes = virtual.routes.join(', ');
  return virtual.routes.length > 1 ? `${routes} (${POOL_NAMES[virtual.pool]})` : routes;
}

export function VirtualPrinterTable() {
  const virtualPrinters = useLoader(() => client.listVirtualPrinters(), 'virtual printers');
  if (virtualPrinters.error)
    return (
      <p role="alert" className="error-text">
        Could not load the virtual printers: {virtualPrinters.error}
      </p>
    );
  const rows = virtualPrinters.data ?? [];
  if (rows.length === 0) return null;
  return (
    <>
      <h2>Virtual printers</h2>
      <p className="hint">
        Old systems print ZPL to these ports as to a Zebra printer; each label becomes a print job of the printers
        listed (see its print history). A label written for another resolution than its printer’s is laid out again for
        it. Added with <code>labelsmith printer add --kind virtual</code>.
      </p>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">Virtual printers</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Listens on</th>
              <th scope="col">Prints on</th>
              <th scope="col">Written for</th>
              <th scope="col">Clients allowed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((virtual) => (
              <tr key={virtual.id}>
                <th scope="row">{virtual.name}</th>
                <td>{virtual.listen}</td>
                <td>{routesText(virtual)}</td>
                <td>{virtual.dpi === null ? 'the printer’s resolution' : `${virtual.dpi} dpi`}</td>
                <td>{virtual.allowedClients.length === 0 ? 'this machine' : virtual.allowedClients.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
