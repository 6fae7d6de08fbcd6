'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toastProblem } from '@/components/dashboard/problem-toast';
import { useConfirm } from '@/components/dialogs/dialog-provider';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TMember, TTeamInvitation } from '@/lib/api/v1/teams';
import { memberRoles, roleAtLeast, type TMemberRole } from '@/lib/api/v1/workspaces';
import { switchWorkspace } from '@/lib/client/current-workspace';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';
import { useTeamInvitations, useTeamMembers } from './use-team';

export type TTeamSectionProps = {
  team: { id: string; name: string; role: TMemberRole };
  /** The signed-in user, and their personal workspace (where leaving the team leads). */
  me: { id: string; personalWorkspaceId: string };
  /** /dashboard in the page's language. */
  dashboardPath: string;
};

const SECTION = 'mb-8 max-w-3xl scroll-mt-24 rounded-xl border border-surface-border bg-surface-raised p-5 sm:p-6';
const FIELD = 'mt-1 block w-full rounded-md border border-surface-border bg-surface px-3 py-2.5 text-ink';
const SELECT = 'rounded-md border border-surface-border bg-surface px-2 py-1.5 text-sm text-ink';
const PRIMARY =
  'rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';
const SECONDARY =
  'rounded-lg border border-surface-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-sunken disabled:opacity-60';
const DANGER =
  'rounded-lg border border-danger-700 px-3 py-1.5 text-sm font-semibold text-danger-800 hover:bg-danger-50 disabled:opacity-60 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950';
/** Member rows: a card below sm, a row of the list from sm (name and email, role, joined, action). */
const MEMBER_GRID = 'sm:grid sm:grid-cols-[minmax(0,1fr)_9.5rem_8rem_7.5rem] sm:items-center sm:gap-4';
const CELL_LABEL = 'text-xs font-semibold tracking-wide text-ink-muted uppercase sm:sr-only';

const displayName = (person: { name: string | null; email: string }) => person.name?.trim() || person.email;

/** The roles `actor` may hand out: an owner every one, an admin admin and member (docs/teams.md). */
const grantable = (actor: TMemberRole) => memberRoles.filter((role) => actor === 'owner' || role !== 'owner');

/**
 * Settings → Team (shown while a team is the current workspace): its members with their roles, and for its
 * admins and owners role changes, removal, invitations and the pending ones. A plain member sees the members
 * only, and may leave. Every outcome is a toast; a refusal carries the API's own explanation (the last owner,
 * a role too low).
 */
export function TeamSection({ team, me, dashboardPath }: TTeamSectionProps) {
  const t = useTranslations('teams.settings');
  const manager = roleAtLeast(team.role, 'admin');
  return (
    <section id="team" aria-labelledby="team-title" className={SECTION} data-team-section={team.role}>
      <h2 id="team-title" className="text-xl font-semibold">
        {t('title')} · <span className="[overflow-wrap:anywhere]">{team.name}</span>
      </h2>
      <p className="mt-2 text-ink-muted">{t(manager ? 'lead' : 'memberLead', { team: team.name })}</p>
      <Members team={team} me={me} dashboardPath={dashboardPath} />
      {manager ? (
        <>
          <InviteForm team={team} />
          <PendingInvitations team={team} />
        </>
      ) : null}
      {team.role === 'owner' ? <DeleteTeam team={team} me={me} dashboardPath={dashboardPath} /> : null}
    </section>
  );
}

/** The owner's last resort: the team and everything in it, after a confirmation naming it. */
function DeleteTeam({ team, me, dashboardPath }: TTeamSectionProps) {
  const t = useTranslations('teams.settings');
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const deleteTeam = async () => {
    if (!(await confirm('delete-team', { team: team.name }))) return;
    setBusy(true);
    try {
      await v1Request<unknown>(`/teams/${encodeURIComponent(team.id)}`, { method: 'DELETE' });
      switchWorkspace(me.personalWorkspaceId, {
        flash: t('deleted', { team: team.name }),
        to: dashboardPath,
        dashboard: dashboardPath,
      });
    } catch (problem) {
      setBusy(false);
      toastProblem(t('deleteFailed'), problem, t('offline'));
    }
  };
  return (
    <div className="mt-8 border-t border-surface-border pt-5">
      <h3 className="font-semibold">{t('deleteTitle')}</h3>
      <p className="mt-1 text-sm text-ink-muted">{t('deleteLead')}</p>
      <button type="button" onClick={() => void deleteTeam()} disabled={busy} className={`mt-3 ${DANGER}`}>
        {t('deleteButton')}
      </button>
    </div>
  );
}

function Members({ team, me, dashboardPath }: TTeamSectionProps) {
  const t = useTranslations('teams.settings');
  const roles = useTranslations('teams.roles');
  const dateTime = useLocalDateTime();
  const confirm = useConfirm();
  const router = useRouter();
  const { list, changeRole, remove } = useTeamMembers(team.id);
  const [busy, setBusy] = useState<string | null>(null);
  const manager = roleAtLeast(team.role, 'admin');
  // An admin leaves owners as they are; only an owner acts on an owner.
  const mayManage = (member: TMember) => manager && (team.role === 'owner' || member.role !== 'owner');

  const setRole = async (member: TMember, role: TMemberRole) => {
    const name = displayName(member);
    setBusy(member.userId);
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      toast.success(t('roleChanged', { name, role: roles(role) }));
      // One's own role decides what this page offers (invitations, API keys): rendered again with it.
      if (member.userId === me.id) router.refresh();
    } catch (problem) {
      toastProblem(t('roleFailed', { name }), problem, t('offline'));
    } finally {
      setBusy(null);
    }
  };

  const removeMember = async (member: TMember) => {
    const name = displayName(member);
    if (!(await confirm('remove-member', { name }))) return;
    setBusy(member.userId);
    try {
      await remove.mutateAsync(member.userId);
      toast.success(t('removed', { name }));
    } catch (problem) {
      toastProblem(t('removeFailed', { name }), problem, t('offline'));
    } finally {
      setBusy(null);
    }
  };

  const leave = async () => {
    if (!(await confirm('leave-team', { team: team.name }))) return;
    setBusy(me.id);
    try {
      await remove.mutateAsync(me.id);
      switchWorkspace(me.personalWorkspaceId, {
        flash: t('left', { team: team.name }),
        to: dashboardPath,
        dashboard: dashboardPath,
      });
    } catch (problem) {
      setBusy(null);
      toastProblem(t('leaveFailed'), problem, t('offline'));
    }
  };

  if (list.isError)
    return (
      <p role="alert" className="mt-5 text-danger-700 dark:text-danger-300">
        {t('loadFailed')}
      </p>
    );
  if (!list.data) return <p className="mt-5 text-ink-muted">{t('loading')}</p>;
  return (
    <div className="mt-5">
      <h3 className="font-semibold">{t('members')}</h3>
      <div
        aria-hidden="true"
        className={`mt-2 hidden px-4 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase ${MEMBER_GRID}`}
      >
        <span>
          {t('columns.name')} · {t('columns.email')}
        </span>
        <span>{t('columns.role')}</span>
        <span>{t('columns.joined')}</span>
        <span />
      </div>
      <ul
        aria-label={t('members')}
        className="mt-2 divide-y divide-surface-border rounded-lg border border-surface-border"
        data-team-members=""
      >
        {list.data.items.map((member) => {
          const self = member.userId === me.id;
          const name = displayName(member);
          const editable = mayManage(member);
          return (
            <li key={member.userId} data-member={member.email} className={`px-4 py-3 ${MEMBER_GRID}`}>
              <div className="min-w-0">
                <p className="flex min-w-0 items-baseline gap-1.5 font-semibold">
                  <TruncatedName text={name} />
                  {self ? <span className="shrink-0 text-sm font-normal text-ink-muted">({t('you')})</span> : null}
                </p>
                {member.name?.trim() ? <TruncatedName text={member.email} className="text-sm text-ink-muted" /> : null}
              </div>
              <div className="mt-2 flex items-center gap-2 sm:mt-0">
                <span className={CELL_LABEL}>{t('columns.role')}:</span>
                {editable ? (
                  <select
                    value={member.role}
                    disabled={busy === member.userId}
                    aria-label={t('roleLabel', { name })}
                    onChange={(event) => void setRole(member, event.target.value as TMemberRole)}
                    className={SELECT}
                    data-member-role=""
                  >
                    {/* The member's own role stays listed even where the actor could not grant it. */}
                    {memberRoles
                      .filter((role) => grantable(team.role).includes(role) || role === member.role)
                      .map((role) => (
                        <option key={role} value={role}>
                          {roles(role)}
                        </option>
                      ))}
                  </select>
                ) : (
                  <span className="text-sm" data-member-role="">
                    {roles(member.role)}
                  </span>
                )}
              </div>
              <div className="mt-1 text-sm sm:mt-0">
                <span className={CELL_LABEL}>{t('columns.joined')}: </span>
                <time dateTime={member.joinedAt}>{dateTime(member.joinedAt, { dateStyle: 'medium' })}</time>
              </div>
              <div className="mt-3 sm:mt-0 sm:text-right">
                {self ? (
                  <button type="button" onClick={() => void leave()} disabled={busy === me.id} className={DANGER}>
                    {t('leave')}
                  </button>
                ) : editable ? (
                  <button
                    type="button"
                    onClick={() => void removeMember(member)}
                    disabled={busy === member.userId}
                    aria-label={t('removeLabel', { name })}
                    className={DANGER}
                  >
                    {t('remove')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function InviteForm({ team }: { team: TTeamSectionProps['team'] }) {
  const t = useTranslations('teams.settings');
  const roles = useTranslations('teams.roles');
  const { invite } = useTeamInvitations(team.id, false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TMemberRole>('member');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t('invite.emailRequired'));
    setError(null);
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), role });
      toast.success(t('invite.sent', { email: sent.email }));
      setEmail('');
      setRole('member');
    } catch (problem) {
      // A refusal of the address is shown by the field; any other (already a member, invited already) in a toast.
      const field = problem instanceof ApiProblem ? problem.errors.find((item) => item.path === 'email') : undefined;
      if (field) setError(field.message);
      else toastProblem(t('invite.failed'), problem, t('offline'));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="team-invite-title"
      className="mt-8 border-t border-surface-border pt-6"
      data-team-invite=""
    >
      <h3 id="team-invite-title" className="font-semibold">
        {t('invite.title')}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{t('invite.lead')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <div className="min-w-0">
          <label htmlFor="team-invite-email" className="block font-semibold">
            {t('invite.email')}
          </label>
          <input
            id="team-invite-email"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'team-invite-email-error' : undefined}
            onChange={(event) => setEmail(event.target.value)}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="team-invite-role" className="block font-semibold">
            {t('invite.role')}
          </label>
          <select
            id="team-invite-role"
            value={role}
            onChange={(event) => setRole(event.target.value as TMemberRole)}
            className={FIELD}
          >
            {grantable(team.role).map((option) => (
              <option key={option} value={option}>
                {roles(option)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p
          id="team-invite-email-error"
          role="alert"
          className="mt-2 text-sm font-medium text-danger-700 dark:text-danger-300"
        >
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={invite.isPending} className={`mt-4 ${PRIMARY}`}>
        {invite.isPending ? t('invite.sending') : t('invite.submit')}
      </button>
    </form>
  );
}

function PendingInvitations({ team }: { team: TTeamSectionProps['team'] }) {
  const t = useTranslations('teams.settings');
  const roles = useTranslations('teams.roles');
  const dateTime = useLocalDateTime();
  const { list, resend, revoke } = useTeamInvitations(team.id, true);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (invitation: TTeamInvitation, kind: 'resend' | 'revoke') => {
    const { email } = invitation;
    setBusy(invitation.id);
    try {
      if (kind === 'resend') {
        await resend.mutateAsync(invitation.id);
        toast.success(t('pending.resent', { email }));
      } else {
        await revoke.mutateAsync(invitation.id);
        toast.success(t('pending.revoked', { email }));
      }
    } catch (problem) {
      toastProblem(
        t(kind === 'resend' ? 'pending.resendFailed' : 'pending.revokeFailed', { email }),
        problem,
        t('offline'),
      );
    } finally {
      setBusy(null);
    }
  };

  const items = list.data?.items;
  return (
    <div className="mt-8 border-t border-surface-border pt-6">
      <h3 className="font-semibold">{t('pending.title')}</h3>
      {list.isError ? (
        <p role="alert" className="mt-3 text-danger-700 dark:text-danger-300">
          {t('pending.loadFailed')}
        </p>
      ) : !items ? (
        <p className="mt-3 text-ink-muted">{t('loading')}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('pending.empty')}</p>
      ) : (
        <ul
          aria-label={t('pending.title')}
          className="mt-3 divide-y divide-surface-border rounded-lg border border-surface-border"
          data-team-invitations=""
        >
          {items.map((invitation) => {
            // An admin cannot resend or revoke an owner's invitation; the API would refuse it.
            const mayAct = team.role === 'owner' || invitation.role !== 'owner';
            return (
              <li
                key={invitation.id}
                data-invitation={invitation.email}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex min-w-0 items-baseline gap-2">
                    <TruncatedName text={invitation.email} className="font-semibold" />
                    <span className="shrink-0 rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-semibold">
                      {roles(invitation.role)}
                    </span>
                  </p>
                  <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
                    {invitation.invitedBy
                      ? t('pending.invitedBy', { name: displayName(invitation.invitedBy) })
                      : t('pending.invitedByGone')}
                    {' · '}
                    {t('pending.expires', { date: dateTime(invitation.expiresAt, { dateStyle: 'medium' }) })}
                  </p>
                </div>
                {mayAct ? (
                  <div className="flex shrink-0 gap-2">
                    <button
                      type="button"
                      onClick={() => void act(invitation, 'resend')}
                      disabled={busy === invitation.id}
                      aria-label={t('pending.resendLabel', { email: invitation.email })}
                      className={SECONDARY}
                    >
                      {t('pending.resend')}
                    </button>
                    <button
                      type="button"
                      onClick={() => void act(invitation, 'revoke')}
                      disabled={busy === invitation.id}
                      aria-label={t('pending.revokeLabel', { email: invitation.email })}
                      className={DANGER}
                    >
                      {t('pending.revoke')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
