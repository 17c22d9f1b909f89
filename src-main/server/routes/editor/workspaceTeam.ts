// The team the editor acts as: "Local workspace" on the enterprise plan, made on the server's first start and remembered in settings.
import type { Store } from '../../../store/openStore';
import type { TeamRecord } from '../../../store/storeTypes';

export const WORKSPACE_TEAM_NAME = 'Local workspace';

/** The remembered team, or a new one. In one transaction, so two processes starting together make one team. */
export function ensureWorkspaceTeam(store: Store): TeamRecord {
  return store.transaction(() => {
    const id = store.settings.get('workspaceTeamId');
    const existing = id === undefined ? undefined : store.teams.get(id);
    if (existing) return existing;
    const team = store.teams.create({ name: WORKSPACE_TEAM_NAME, plan: 'enterprise' });
    store.settings.set('workspaceTeamId', team.id);
    return team;
  });
}

/** The team as it is now (its plan may have been changed with `labelsmith team set`). */
export function currentWorkspaceTeam(store: Store, teamId: string): TeamRecord {
  const team = store.teams.get(teamId);
  // Teams are never deleted, so this is a broken database rather than a request to refuse.
  if (!team) throw new Error(`the workspace team ${teamId} is missing from the database`);
  return team;
}
