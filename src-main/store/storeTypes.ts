// The records the store hands out: plain data in camelCase, times in epoch milliseconds.
import type { PlanName } from '@shared/api/plans';
import type { Template } from '@shared/model/template';
import type { OutputFormat } from '@shared/render/outputFormats';

export type KeyMode = 'live' | 'test';
export type TemplateStatus = 'draft' | 'published';

export interface TeamRecord {
  id: string;
  name: string;
  plan: PlanName;
  /** Overrides of the plan's limits; null means the plan's value. */
  quotaLimit: number | null;
  rateMinute: number | null;
  rateHour: number | null;
  /** Bytes of kept outputs, overriding the plan's storage budget. */
  storageLimit: number | null;
  /** Set when a soft-capped team went over its quota; flaggedPeriod is the month ('YYYY-MM') it happened in. */
  flaggedAt: number | null;
  flaggedPeriod: string | null;
  createdAt: number;
}

/** An API key as it can be shown: never the key, nor its hash. */
export interface ApiKeyRecord {
  id: string;
  teamId: string;
  name: string;
  mode: KeyMode;
  demo: boolean;
  /** The first characters of the key, so people can tell their keys apart. */
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface LibraryRecord {
  id: string;
  slug: string;
  name: string;
  createdAt: number;
}

export interface TemplateRecord {
  id: string;
  teamId: string;
  slug: string;
  name: string;
  status: TemplateStatus;
  libraryId: string | null;
  librarySlug: string | null;
  /** The draft: what the editor edits. API keys render published versions (store.templateVersions), never this. */
  content: Template;
  /** The newest published version's number; null before the first publish. */
  latestVersion: number | null;
  /** The draft differs from the newest version (true when there is none): publishing would change what API keys render. */
  draftChanged: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface RenderRecord {
  id: string;
  teamId: string;
  apiKeyId: string | null;
  mode: KeyMode;
  format: OutputFormat;
  contentType: string;
  sizeBytes: number;
  renderTimeMs: number;
  /** `<id>.<format>` in the outputs folder; made by the store, never taken from a request. */
  fileName: string;
  createdAt: number;
  expiresAt: number;
}

export interface UsageCounts {
  live: number;
  test: number;
}
