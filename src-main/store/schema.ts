// The tables as the queries see them (Kysely's database type): one row type per table, as the migrations made it, for SQLite and PostgreSQL alike.
import type { Generated, Kysely } from 'kysely';
import type { LibraryImageType } from '@shared/api/images';

export interface TeamRow {
  id: string;
  name: string;
  plan: string;
  quota_limit: number | null;
  rate_minute: number | null;
  rate_hour: number | null;
  storage_limit: number | null;
  flagged_at: number | null;
  flagged_period: string | null;
  created_at: number;
}

export interface ApiKeyRow {
  id: string;
  team_id: string;
  name: string;
  mode: string;
  demo: number;
  key_prefix: string;
  key_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface LibraryRow {
  id: string;
  slug: string;
  name: string;
  created_at: number;
}

export interface TemplateRow {
  id: string;
  team_id: string;
  slug: string;
  name: string;
  status: string;
  library_id: string | null;
  content: string;
  created_at: number;
  updated_at: number;
}

export interface TemplateVersionRow {
  template_id: string;
  number: number;
  content: string;
  author: string | null;
  note: string | null;
  created_at: number;
}

export interface RenderRow {
  id: string;
  team_id: string;
  api_key_id: string | null;
  mode: string;
  format: string;
  content_type: string;
  size_bytes: number;
  render_time_ms: number;
  file_name: string;
  created_at: number;
  expires_at: number;
}

export interface ExpiredRenderRow {
  id: string;
  team_id: string;
  expired_at: number;
}

export interface UsageMonthlyRow {
  team_id: string;
  period: string;
  live: Generated<number>;
  test: Generated<number>;
  /** Renders admitted and still in flight (hard-capped teams): the sum of the period's quota_reservations. */
  reserved: Generated<number>;
}

export interface UsageDailyRow {
  team_id: string;
  day: string;
  live: Generated<number>;
  test: Generated<number>;
}

export interface SettingRow {
  key: string;
  value: string;
}

export interface PrinterRow {
  id: string;
  team_id: string;
  name: string;
  kind: string;
  connection: string;
  dpi: number;
  media_width: string | null;
  media_height: string | null;
  darkness: number | null;
  speed: number | null;
  time_zone: string | null;
  allow_config_commands: number;
  unprintable_margin: string | null;
  fonts: string;
  media_type: string | null;
  print_mode: string | null;
  media_sensing: string | null;
  top_offset: string | null;
  left_offset: string | null;
  created_at: number;
}

export interface CounterRow {
  team_id: string;
  name: string;
  next_value: number;
  updated_at: number;
}

export interface PrintJobRow {
  seq: Generated<number>;
  id: string;
  team_id: string;
  api_key_id: string | null;
  mode: string;
  printer_id: string;
  format: string;
  status: string;
  label_count: number;
  copies: number;
  raw: Generated<number>;
  labels_sent: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  last_error_code: string | null;
  last_error_message: string | null;
  error_code: string | null;
  error_message: string | null;
  warnings: string;
  template_version: number | null;
  claim_token: string | null;
  claim_pid: number | null;
  claim_host: string | null;
  claim_heartbeat_at: number | null;
  created_at: number;
  updated_at: number;
  template_id: string | null;
  reprint_of: string | null;
  reprint_labels: string | null;
  counters: string | null;
  counters_returned: Generated<number>;
  maybe_printed: Generated<number>;
  sending_chunk: Generated<number>;
  document_bytes: number | null;
  document_expires_at: number | null;
  source: string | null;
}

export interface VirtualPrinterRow {
  id: string;
  team_id: string;
  name: string;
  listen_host: string;
  listen_port: number;
  routes: string;
  pool: string;
  allowed_clients: string;
  /** The resolution its clients write for; null: the routed printer's own. */
  dpi: number | null;
  created_at: number;
}

export interface HotFolderFileRow {
  folder: string;
  name: string;
  sha256: string;
  team_id: string;
  job_id: string;
  claimed_at: number;
  moved_at: number | null;
}

export interface HotFolderRow {
  id: string;
  team_id: string;
  folder: string;
  printer_id: string;
  template_slug: string | null;
  enabled: number;
  created_at: number;
}

export interface QuotaReservationRow {
  id: string;
  team_id: string;
  period: string;
  renders: number;
  expires_at: number;
}

export interface TeamStorageRow {
  team_id: string;
  bytes: number;
}

export interface ImageRow {
  team_id: string;
  name: string;
  type: LibraryImageType;
  data: Buffer;
  raster: Buffer | null;
  size_bytes: number;
  pixel_width: number;
  pixel_height: number;
  created_at: number;
  updated_at: number;
}

export interface Tables {
  teams: TeamRow;
  api_keys: ApiKeyRow;
  libraries: LibraryRow;
  templates: TemplateRow;
  template_versions: TemplateVersionRow;
  renders: RenderRow;
  expired_renders: ExpiredRenderRow;
  usage_monthly: UsageMonthlyRow;
  usage_daily: UsageDailyRow;
  settings: SettingRow;
  printers: PrinterRow;
  counters: CounterRow;
  print_jobs: PrintJobRow;
  team_storage: TeamStorageRow;
  quota_reservations: QuotaReservationRow;
  images: ImageRow;
  virtual_printers: VirtualPrinterRow;
  hot_folder_files: HotFolderFileRow;
  hot_folders: HotFolderRow;
}

/** What queries run on: the store's database, or the transaction they are part of (a Transaction is a Kysely too). */
export type Executor = Kysely<Tables>;

/** Runs fn in the transaction `db` already is, or in a new one: queries that must be atomic on their own, yet may be part of a caller's transaction. */
export function atomically<T>(db: Executor, fn: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
