// The schema migrations in the order they apply; a migration's version is its file's number, recorded in PRAGMA user_version.
import initialSql from './0001_initial.sql';
import settingsSql from './0002_settings.sql';
import printersSql from './0003_printers.sql';
import countersSql from './0004_counters.sql';
import printJobsSql from './0005_print_jobs.sql';
import rawZplSql from './0006_raw_zpl.sql';
import storageSql from './0007_storage.sql';
import templateVersionsSql from './0008_template_versions.sql';
import printHistorySql from './0009_print_history.sql';
import printerMarginSql from './0010_printer_margin.sql';
import printerFontsSql from './0011_printer_fonts.sql';
import imagesSql from './0012_images.sql';
import quotaReservationsSql from './0013_quota_reservations.sql';
import printerMediaSql from './0014_printer_media.sql';
import imageStorageSql from './0015_image_storage.sql';
import inboundPrintingSql from './0016_inbound_printing.sql';
import virtualPrinterDpiSql from './0017_virtual_printer_dpi.sql';
import hotFoldersSql from './0018_hot_folders.sql';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Append only: a landed migration is never edited, a change is a new file. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001_initial', sql: initialSql },
  { version: 2, name: '0002_settings', sql: settingsSql },
  { version: 3, name: '0003_printers', sql: printersSql },
  { version: 4, name: '0004_counters', sql: countersSql },
  { version: 5, name: '0005_print_jobs', sql: printJobsSql },
  { version: 6, name: '0006_raw_zpl', sql: rawZplSql },
  { version: 7, name: '0007_storage', sql: storageSql },
  { version: 8, name: '0008_template_versions', sql: templateVersionsSql },
  { version: 9, name: '0009_print_history', sql: printHistorySql },
  { version: 10, name: '0010_printer_margin', sql: printerMarginSql },
  { version: 11, name: '0011_printer_fonts', sql: printerFontsSql },
  { version: 12, name: '0012_images', sql: imagesSql },
  { version: 13, name: '0013_quota_reservations', sql: quotaReservationsSql },
  { version: 14, name: '0014_printer_media', sql: printerMediaSql },
  { version: 15, name: '0015_image_storage', sql: imageStorageSql },
  { version: 16, name: '0016_inbound_printing', sql: inboundPrintingSql },
  { version: 17, name: '0017_virtual_printer_dpi', sql: virtualPrinterDpiSql },
  { version: 18, name: '0018_hot_folders', sql: hotFoldersSql },
];
