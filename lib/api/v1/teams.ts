import { z } from 'zod';
import { ZEmail, senderText } from './text';
import { memberRoles, ZWorkspace } from './workspaces';

/** How long an invitation link works (docs/teams.md). */
export const INVITATION_TTL_DAYS = 7;
/** Pending invitations a team may have at once: enough for onboarding a department, bounded against a spammed inbox. */
export const MAX_PENDING_INVITATIONS = 50;
/** Teams one user may create; a bound, not a plan feature. */
export const MAX_TEAMS_CREATED = 20;

export const ZMemberRole = z.enum(memberRoles).meta({ id: 'MemberRole' });

export const ZCreateTeamBody = z.object({ name: senderText(100) }).meta({ id: 'CreateTeamBody' });

export const ZTeam = ZWorkspace.meta({ id: 'Team', description: 'The team, as its creator (now its owner) sees it.' });

export const ZMember = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: ZMemberRole,
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'Member' });

export const ZMemberList = z.object({ items: z.array(ZMember) }).meta({ id: 'MemberList' });

export const ZUpdateMemberBody = z.object({ role: ZMemberRole }).meta({ id: 'UpdateMemberBody' });

export const ZCreateInvitationBody = z
  .object({
    email: ZEmail,
    role: ZMemberRole.default('member').meta({ description: 'Only an owner may invite another owner.' }),
  })
  .meta({ id: 'CreateInvitationBody' });

export const ZTeamInvitation = z
  .object({
    id: z.string(),
    email: z.string(),
    role: ZMemberRole,
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    invitedBy: z
      .object({ userId: z.string(), email: z.string(), name: z.string().nullable() })
      .nullable()
      .meta({ description: 'Null once the inviter’s account is deleted.' }),
  })
  .meta({ id: 'TeamInvitation' });

export const ZTeamInvitationList = z
  .object({ items: z.array(ZTeamInvitation).meta({ description: 'Pending ones: not accepted, revoked or expired.' }) })
  .meta({ id: 'TeamInvitationList' });

/** The secret of `$APP_URL/invite/{token}`: 32 random bytes, base64url. */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation link.');

export const ZAcceptInvitationBody = z.object({ token: ZInvitationToken }).meta({ id: 'AcceptInvitationBody' });

export type TMember = z.infer<typeof ZMember>;
export type TTeamInvitation = z.infer<typeof ZTeamInvitation>;
