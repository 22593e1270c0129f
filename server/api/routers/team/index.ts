import { z } from 'zod';
import { cancelInvitation } from '@/server/services/invitations/cancel-invitation';
import { changeMemberRole } from '@/server/services/team/change-member-role';
import { inviteTeamMember } from '@/server/services/team/invite-team-member';
import { listTeam, type TeamInvitation } from '@/server/services/team/list-team';
import { removeMember } from '@/server/services/team/remove-member';
import { one } from '../../envelope';
import { adminProcedure, createRouter, managerProcedure } from '../../trpc';
import { InviteTeamMemberInput, TeamRole } from '../../schemas/team';

const tags = ['organisation'];
const TeamInvitationOutput = z.object({ id: z.uuid(), email: z.string(), role: TeamRole, expiresAt: z.iso.datetime(), createdAt: z.iso.datetime() });
const invitationOut = (i: TeamInvitation) => ({ ...i, expiresAt: i.expiresAt.toISOString(), createdAt: i.createdAt.toISOString() });

export const teamRouter = createRouter({
  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/team', tags, summary: 'The organisation\'s team', description: 'Its admins and managers by name, and the team invitations not yet answered.' } })
    .input(z.object({}))
    .output(
      one(
        z.object({
          members: z.array(z.object({ userId: z.uuid(), name: z.string().nullable(), email: z.string(), role: TeamRole, since: z.iso.datetime() })),
          invitations: z.array(TeamInvitationOutput),
        }),
      ),
    )
    .query(async ({ ctx }) => {
      const team = await listTeam({ ctx: ctx.svc });
      return { data: { members: team.members.map((m) => ({ ...m, since: m.since.toISOString() })), invitations: team.invitations.map(invitationOut) } };
    }),

  invite: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/team/invitations',
        tags,
        summary: 'Invite a manager or admin',
        description:
          'Admins only. Mails a single-use link valid 7 days (the same accept page and POST /invitations/accept as an apartment invitation); accepting makes the person a member with `role`. ' +
          '409 when the person is on the team already or has an invitation waiting. Audited.',
        errorResponses: [409],
      },
    })
    .input(InviteTeamMemberInput)
    .output(one(TeamInvitationOutput))
    .mutation(async ({ ctx, input }) => ({ data: invitationOut(await inviteTeamMember({ ctx: ctx.svc, input })) })),

  cancelInvitation: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/team/invitations/{invitationId}', tags, summary: 'Cancel a team invitation', description: 'Admins only; its link stops working.', errorResponses: [404] } })
    .input(z.object({ invitationId: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => cancelInvitation({ ctx: ctx.svc, input: { id: input.invitationId }, team: true })),

  changeRole: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/team/{userId}',
        tags,
        summary: 'Change a team member\'s role',
        description: 'Admins only. The last admin cannot become a manager (409). Takes effect with the person\'s next request. Audited.',
        errorResponses: [404, 409],
      },
    })
    .input(z.object({ userId: z.uuid(), role: TeamRole }))
    .output(one(z.object({ userId: z.uuid(), role: TeamRole })))
    .mutation(async ({ ctx, input }) => ({ data: await changeMemberRole({ ctx: ctx.svc, input }) })),

  remove: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/team/{userId}',
        tags,
        summary: 'Remove a person from the team',
        description: 'Admins only (an admin may leave). Their access as a manager or admin ends with their next request; a resident of one of the organisation\'s apartments stays its resident. The last admin cannot be removed (409). Audited.',
        errorResponses: [404, 409],
      },
    })
    .input(z.object({ userId: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => removeMember({ ctx: ctx.svc, input })),
});
