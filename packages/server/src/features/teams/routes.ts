/** The team endpoints of CONTRACT §6.2 (registered only when teams are enabled). */
import { teams as rows } from '@latch/contract';
import { authError } from '../../core/errors.ts';
import { defineEndpoint } from '../../core/http/endpoint.ts';
import { cacheableRead } from '../../core/read-cache.ts';
import { auditActor } from '../audit/index.ts';
import { requireOrganizationId, requireOrgSession, setSessionActive } from '../organization/index.ts';
import { sessionReadBound, setSessionCookies } from '../session/index.ts';
import { teamMemberToJson, teamToJson } from './model.ts';
import {
  addTeamMember,
  createTeam,
  listMembersOfTeam,
  listTeams,
  listUserTeams,
  removeTeam,
  removeTeamMember,
  teamToActivate,
  updateTeam,
} from './service.ts';

const create = defineEndpoint(rows.createTeam, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    return teamToJson(
      await createTeam(ctx.deps, current.user.id, organizationId, ctx.body.name, auditActor(ctx, current)),
    );
  },
});

const list = defineEndpoint(rows.listTeams, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.query);
    return (await listTeams(ctx.deps, current.user.id, organizationId)).map(teamToJson);
  },
});

const update = defineEndpoint(rows.updateTeam, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, {
      organizationId: ctx.body.data.organizationId,
    });
    const actor = auditActor(ctx, current);
    return teamToJson(
      await updateTeam(ctx.deps, current.user.id, organizationId, ctx.body.teamId, ctx.body.data.name, actor),
    );
  },
});

const remove = defineEndpoint(rows.removeTeam, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    await removeTeam(ctx.deps, current.user.id, organizationId, ctx.body.teamId, auditActor(ctx, current));
    return { message: 'Team removed successfully.' };
  },
});

const setActiveTeam = defineEndpoint(rows.setActiveTeam, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    // no teamId re-validates the current active team; null unsets it
    const teamId = ctx.body.teamId === undefined ? current.session.activeTeamId : ctx.body.teamId;
    const team = teamId
      ? await teamToActivate(ctx.deps, current.user.id, current.session.activeOrganizationId, teamId)
      : null;
    const activeTeamId = team?.id ?? null;
    await setSessionActive(ctx.deps.db, current.session.id, { activeTeamId });
    if (current.token)
      setSessionCookies(ctx, current.token, { session: { ...current.session, activeTeamId }, user: current.user });
    return team ? teamToJson(team) : null;
  },
});

const listUserTeamsEndpoint = cacheableRead(
  defineEndpoint(rows.listUserTeams, {
    async handler(ctx) {
      const current = await requireOrgSession(ctx);
      const organizationId =
        ctx.query.organizationId ?? (ctx.query.userId ? current.session.activeOrganizationId : null);
      return (await listUserTeams(ctx.deps, current.user.id, { userId: ctx.query.userId, organizationId })).map(
        teamToJson,
      );
    },
  }),
  (ctx) => sessionReadBound(ctx),
);

const listTeamMembersEndpoint = defineEndpoint(rows.listTeamMembers, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const teamId = ctx.query.teamId ?? current.session.activeTeamId;
    if (!teamId) throw authError('YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM');
    return (await listMembersOfTeam(ctx.deps, current.user.id, teamId)).map(teamMemberToJson);
  },
});

const addMember = defineEndpoint(rows.addTeamMember, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    return teamMemberToJson(
      await addTeamMember(ctx.deps, current.user.id, organizationId, ctx.body, auditActor(ctx, current)),
    );
  },
});

const removeMember = defineEndpoint(rows.removeTeamMember, {
  async handler(ctx) {
    const current = await requireOrgSession(ctx);
    const organizationId = await requireOrganizationId(ctx.deps, current, ctx.body);
    await removeTeamMember(ctx.deps, current.user.id, organizationId, ctx.body, auditActor(ctx, current));
    return { message: 'Team member removed successfully.' };
  },
});

export const teamEndpoints = [
  create,
  list,
  update,
  remove,
  setActiveTeam,
  listUserTeamsEndpoint,
  listTeamMembersEndpoint,
  addMember,
  removeMember,
];
