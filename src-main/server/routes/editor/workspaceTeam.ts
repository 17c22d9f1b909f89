// The team the editor acts as: "Local workspace" on the enterprise plan, made on the server's first start (with the sample templates) and remembered in settings.
import { parseTemplate } from '@shared/model/template';
import { loadSample } from '../../../samples/sampleTemplates';
import type { StoreScope } from '../../../store/openStore';
import type { TeamRecord } from '../../../store/storeTypes';

export const WORKSPACE_TEAM_NAME = 'Local workspace';

/** The samples a new workspace starts with, so a first day opens on working labels rather than an empty gallery. */
export const WORKSPACE_SAMPLES = ['shipping-4x6', 'asset-tag'] as const;

/** A sample as a draft of the team, its sample data kept as the designer's sample record. */
async function addSample(store: StoreScope, teamId: string, name: string): Promise<void> {
  const sample = loadSample(name);
  const template = parseTemplate(sample.template);
  await store.templates.create({
    teamId,
    content: { ...template, meta: { ...template.meta, sampleData: [sample.data] } },
  });
}

/**
 * The remembered team, or a new one with the sample templates. In one transaction, so two processes starting together
 * make one team (and one set of samples); a workspace whose samples were deleted does not get them back.
 */
export function ensureWorkspaceTeam(store: StoreScope): Promise<TeamRecord> {
  return store.transaction(async (trx) => {
    const id = await trx.settings.get('workspaceTeamId');
    const existing = id === undefined ? undefined : await trx.teams.get(id);
    if (existing) return existing;
    const team = await trx.teams.create({ name: WORKSPACE_TEAM_NAME, plan: 'enterprise' });
    await trx.settings.set('workspaceTeamId', team.id);
    for (const name of WORKSPACE_SAMPLES) await addSample(trx, team.id, name);
    return team;
  });
}

/** The team as it is now (its plan may have been changed with `labelsmith team set`). */
export async function currentWorkspaceTeam(store: StoreScope, teamId: string): Promise<TeamRecord> {
  const team = await store.teams.get(teamId);
  // Teams are never deleted, so this is a broken database rather than a request to refuse.
  if (!team) throw new Error(`the workspace team ${teamId} is missing from the database`);
  return team;
}
