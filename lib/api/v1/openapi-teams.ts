import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import type { TApiScope } from './api-keys';
import {
  INVITATION_TTL_DAYS,
  MAX_PENDING_INVITATIONS,
  ZAcceptInvitationBody,
  ZCreateInvitationBody,
  ZCreateTeamBody,
  ZMember,
  ZMemberList,
  ZTeam,
  ZTeamInvitation,
  ZTeamInvitationList,
  ZUpdateMemberBody,
} from './teams';
import { MAX_LOGO_BYTES, MAX_LOGO_PIXELS, MIN_BRAND_CONTRAST, ZBranding, ZPutBrandingBody } from './branding';
import type { TMemberRole } from './workspaces';
import { ZWorkspace } from './workspaces';

type THelpers = {
  problem: (description: string) => ZodOpenApiResponseObject;
  ok: (schema: z.ZodType, description?: string) => ZodOpenApiResponseObject;
  jsonBody: (schema: z.ZodType) => { content: { 'application/json': { schema: z.ZodType } } };
  operation: (
    access: TApiScope | 'session',
    summary: string,
    spec: Omit<ZodOpenApiOperationObject, 'summary'>,
  ) => ZodOpenApiOperationObject;
};

const teamId = z.object({ id: z.string().meta({ description: 'The team (workspace) id.' }) });
const memberPath = teamId.extend({ userId: z.string().meta({ description: 'The member’s user id.' }) });
const invitationPath = teamId.extend({ invitationId: z.string() });

/** Team endpoints (docs/teams.md): the team is named in the path; a key must belong to it. */
export function teamPaths({ problem, ok, jsonBody, operation }: THelpers): ZodOpenApiPathsObject {
  const inTeam = (role: TMemberRole, spec: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({
    ...spec,
    description: `${spec.description ?? ''} Role: at least \`${role}\` in the team (403 \`FORBIDDEN\` with \`role\` otherwise). A team you are not in, or a personal workspace, is 404.`,
  });
  const lastOwner = problem('It would leave the team without an owner (`reason: LAST_OWNER`).');
  return {
    '/api/v1/teams': {
      post: operation('session', 'Create a team; you become its owner', {
        requestBody: jsonBody(ZCreateTeamBody),
        responses: {
          '201': ok(ZTeam, 'Created'),
          '400': problem('Invalid input; errors[] names each bad path.'),
          '409': problem('You already own the most teams one person may (20).'),
        },
      }),
    },
    '/api/v1/teams/{id}': {
      delete: inTeam(
        'owner',
        operation(
          'team:manage',
          'Delete the team with everything in it (documents and their files, keys, webhooks, invitations, brand); every member loses access at once',
          {
            requestParams: { path: teamId },
            responses: {
              '204': { description: 'Deleted' },
              '409': problem(
                'Documents are out for signature (`reason: DOCUMENTS_PENDING`, `pending`): cancel them first, so their recipients are told.',
              ),
            },
          },
        ),
      ),
    },
    '/api/v1/teams/{id}/members': {
      get: inTeam(
        'member',
        operation('team:manage', 'The team’s members with their roles, owners first', {
          requestParams: { path: teamId },
          responses: { '200': ok(ZMemberList) },
        }),
      ),
    },
    '/api/v1/teams/{id}/members/{userId}': {
      patch: inTeam(
        'admin',
        operation('team:manage', 'Change a member’s role (making or unmaking an owner needs an owner)', {
          requestParams: { path: memberPath },
          requestBody: jsonBody(ZUpdateMemberBody),
          responses: { '200': ok(ZMember), '409': lastOwner },
        }),
      ),
      delete: inTeam(
        'member',
        operation(
          'team:manage',
          'Remove a member (admins; an owner only by an owner), or leave (your own id). Access ends at once; what they made in the team passes to its longest-standing owner and their keys there are revoked',
          {
            requestParams: { path: memberPath },
            responses: { '204': { description: 'Removed' }, '409': lastOwner },
          },
        ),
      ),
    },
    '/api/v1/teams/{id}/invitations': {
      get: inTeam(
        'admin',
        operation('team:manage', 'Pending invitations, newest first, each with who sent it', {
          requestParams: { path: teamId },
          responses: { '200': ok(ZTeamInvitationList) },
        }),
      ),
      post: inTeam(
        'admin',
        operation(
          'team:manage',
          `Invite an address (an owner only by an owner): mails a single-use link $APP_URL/invite/{token} that works for ${INVITATION_TTL_DAYS} days, in the inviter's language`,
          {
            requestParams: { path: teamId },
            requestBody: jsonBody(ZCreateInvitationBody),
            responses: {
              '201': ok(ZTeamInvitation, 'Created and mailed'),
              '400': problem('Invalid input; errors[] names each bad path.'),
              '409': problem(
                `Already a member, already invited (resend it instead), or ${MAX_PENDING_INVITATIONS} invitations pending.`,
              ),
              '503': problem('The mail could not be sent; nothing was kept, try again.'),
            },
          },
        ),
      ),
    },
    '/api/v1/teams/{id}/invitations/{invitationId}': {
      delete: inTeam(
        'admin',
        operation('team:manage', 'Revoke a pending invitation: its link stops working at once', {
          requestParams: { path: invitationPath },
          responses: { '204': { description: 'Revoked' } },
        }),
      ),
    },
    '/api/v1/teams/{id}/invitations/{invitationId}/resend': {
      post: inTeam(
        'admin',
        operation(
          'team:manage',
          'Mail a pending or expired invitation again, with a new link and expiry (the old link stops working)',
          {
            requestParams: { path: invitationPath },
            responses: {
              '200': ok(ZTeamInvitation),
              '503': problem('The mail could not be sent; the previous link still works.'),
            },
          },
        ),
      ),
    },
    '/api/v1/teams/{id}/branding': {
      get: inTeam(
        'member',
        operation('team:manage', 'The team’s brand as its signers see it', {
          requestParams: { path: teamId },
          responses: { '200': ok(ZBranding) },
        }),
      ),
      put: inTeam(
        'admin',
        operation(
          'team:manage',
          `Set the brand colour (white text on it must reach ${MIN_BRAND_CONTRAST}:1, WCAG AA) and the sender name shown on the signing page, in mails to signers ("ACME via Signet") and on the certificate`,
          {
            requestParams: { path: teamId },
            requestBody: jsonBody(ZPutBrandingBody),
            responses: {
              '200': ok(ZBranding),
              '400': problem(
                'A colour that is not #rrggbb or too light for white text, or a bad name; errors[] names each.',
              ),
            },
          },
        ),
      ),
    },
    '/api/v1/teams/{id}/branding/logo': {
      put: inTeam(
        'admin',
        operation(
          'team:manage',
          `Upload the logo: multipart/form-data with one field "file", a PNG or JPEG (no SVG) of at most ${MAX_LOGO_BYTES / 1024 / 1024} MB and ${MAX_LOGO_PIXELS / 1_000_000} megapixels, re-encoded so only its pixels are kept`,
          {
            requestParams: { path: teamId },
            requestBody: {
              content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
            },
            responses: {
              '200': ok(ZBranding),
              '413': problem('Over the size or pixel limit.'),
              '415': problem('Not a PNG or JPEG, or not multipart/form-data.'),
              '422': problem('A damaged image.'),
            },
          },
        ),
      ),
      delete: inTeam(
        'admin',
        operation('team:manage', 'Remove the logo; its address stops working', {
          requestParams: { path: teamId },
          responses: { '200': ok(ZBranding) },
        }),
      ),
    },
    '/api/v1/brand-logos/{logoId}': {
      get: {
        summary: 'A team’s logo (public, for signing pages; each logo has its own id, cached for good)',
        security: [],
        requestParams: { path: z.object({ logoId: z.string() }) },
        responses: {
          '200': { description: 'The image', content: { 'image/png': {}, 'image/jpeg': {} } },
          '404': problem('No such logo (never made, or replaced).'),
          '429': problem('Too many downloads from this address; see Retry-After.'),
        },
      },
    },
    '/api/v1/invitations/accept': {
      post: operation(
        'session',
        'Accept an invitation as the signed-in user, whose address must be the invited one; joins the team with the invited role',
        {
          requestBody: jsonBody(ZAcceptInvitationBody),
          responses: {
            '200': ok(ZWorkspace, 'Joined: the team as you now see it'),
            '403': problem(
              'Called with an API key, or signed in with another address than the invited one (`reason: OTHER_ADDRESS`).',
            ),
            '404': problem('No invitation has this token (never issued, or replaced by a resend).'),
            '410': problem('Already used, revoked, or expired.'),
          },
        },
      ),
    },
  };
}
