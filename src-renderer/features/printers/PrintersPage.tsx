// The Printers page: the workspace's printers, their live status, test labels and print history, on a page of their own (reached from the main navigation).
import { PrintersSection } from './PrintersSection';

export function PrintersPage() {
  return (
    <main className="page printers-page" aria-labelledby="printers-title">
      <PrintersSection />
    </main>
  );
}
