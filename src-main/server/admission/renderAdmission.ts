// What /v1/render, /v1/print and the editor's /api/print check before anything renders: the template a request names, and the quota's admission of its labels.
import { effectiveLimits } from '@shared/api/plans';
import { nestsDeeperThan } from '@shared/api/renderRequest';
import { InvalidTemplateError } from '@shared/errors';
import type { Store } from '../../store/openStore';
import type { KeyMode, TeamRecord } from '../../store/storeTypes';
import type { AuthState } from '../middleware/authenticate';
import type { QuotaGate, QuotaReservation } from './quotaGate';
import { assertDemoKeyAllowed, publishedVersion } from '../templateAccess';

/**
 * Deepest nesting accepted in an inline template (a real one nests about 5 levels: elements, an element, style, ...).
 * Checked here because the template travels to a render thread before it is validated, and copying a deeply nested
 * value there overflows the stack: 100,000 levels came back as a 502 "render thread failed" instead of a 400.
 */
export const MAX_TEMPLATE_DEPTH = 32;

export interface TemplateSource {
  templateId?: string;
  /** With templateId: the version to render; default the newest published (API keys) or the draft (the editor). */
  templateVersion?: number;
  template?: Record<string, unknown>;
}

/**
 * The template JSON a request renders, the stored version it is (null: an inline template or an editor draft), and the
 * stored template's id, which a print job's history keeps (null: an inline template).
 */
export interface RequestedTemplate {
  template: unknown;
  templateVersion: number | null;
  templateId: string | null;
}

/** Looks a templateId (and the version asked for, if any) up for one kind of caller. */
export type TemplateLookup = (
  templateId: string,
  templateVersion: number | undefined,
) => Promise<{ content: unknown; version: number | null; id: string }>;

/** The template JSON a request names: the inline one (validated later, by the renderer) or the one `lookup` finds. */
export async function requestedTemplate(request: TemplateSource, lookup: TemplateLookup): Promise<RequestedTemplate> {
  if (request.template !== undefined && nestsDeeperThan(request.template, MAX_TEMPLATE_DEPTH)) {
    throw new InvalidTemplateError([
      { path: '', message: `the template nests deeper than ${MAX_TEMPLATE_DEPTH} levels` },
    ]);
  }
  if (request.templateId === undefined) return { template: request.template, templateVersion: null, templateId: null };
  const { content, version, id } = await lookup(request.templateId, request.templateVersion);
  return { template: content, templateVersion: version, templateId: id };
}

/** For an API key: the demo-key rule first, then an inline template or a published version (default: the newest) the key may use. */
export function apiKeyTemplate(store: Store, auth: AuthState, request: TemplateSource): Promise<RequestedTemplate> {
  assertDemoKeyAllowed(auth, request.templateId);
  return requestedTemplate(request, async (templateId, number) => {
    const { content, number: version, id } = await publishedVersion(store, auth, templateId, number);
    return { content, version, id };
  });
}

/**
 * Admits `labels` renders of the team against its monthly quota (all or none; QUOTA_EXCEEDED at a hard cap). Test
 * renders never touch the quota (spec 8.2 rule 4): undefined. Release the reservation once the renders are recorded
 * (released before, they would count neither as reserved nor as used for a moment, and another request could pass).
 */
export async function admitRenders(
  quota: QuotaGate,
  team: TeamRecord,
  mode: KeyMode,
  labels: number,
): Promise<QuotaReservation | undefined> {
  if (mode !== 'live') return undefined;
  const limits = effectiveLimits(team);
  return quota.admit(team.id, limits.monthly, limits.hardCap, labels);
}
