'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMember, TTeamInvitation } from '@/lib/api/v1/teams';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { v1Request } from '@/lib/client/v1-api';

const teamPath = (teamId: string, rest: string) => `/teams/${encodeURIComponent(teamId)}${rest}`;
export const membersKey = (teamId: string) => ['v1', 'teams', teamId, 'members'] as const;
export const invitationsKey = (teamId: string) => ['v1', 'teams', teamId, 'invitations'] as const;

/** A team's members (every member may read them), and changing a role or removing one (leaving: one's own id). */
export function useTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: membersKey(teamId) });
  return {
    list: useQuery({
      queryKey: membersKey(teamId),
      queryFn: () => v1Request<{ items: TMember[] }>(teamPath(teamId, '/members')),
    }),
    changeRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: TMemberRole }) =>
        v1Request<TMember>(teamPath(teamId, `/members/${encodeURIComponent(userId)}`), {
          method: 'PATCH',
          body: { role },
        }),
      // Refused or not, the list shows the roles as they are now (a refused select goes back).
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (userId: string) =>
        v1Request<unknown>(teamPath(teamId, `/members/${encodeURIComponent(userId)}`), { method: 'DELETE' }),
      onSuccess: onSettled,
    }),
  };
}

/** A team's pending invitations (admins and owners), and inviting, resending and revoking. */
export function useTeamInvitations(teamId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: invitationsKey(teamId) });
  const one = (id: string, rest = '') => teamPath(teamId, `/invitations/${encodeURIComponent(id)}${rest}`);
  return {
    list: useQuery({
      queryKey: invitationsKey(teamId),
      queryFn: () => v1Request<{ items: TTeamInvitation[] }>(teamPath(teamId, '/invitations')),
      enabled,
    }),
    invite: useMutation({
      mutationFn: (body: { email: string; role: TMemberRole }) =>
        v1Request<TTeamInvitation>(teamPath(teamId, '/invitations'), { method: 'POST', body }),
      onSuccess,
    }),
    resend: useMutation({
      mutationFn: (id: string) => v1Request<TTeamInvitation>(one(id, '/resend'), { method: 'POST' }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => v1Request<unknown>(one(id), { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
