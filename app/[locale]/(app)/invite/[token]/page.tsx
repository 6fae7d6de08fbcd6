import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import { AcceptInvitation, SignOutForInvitation } from '@/components/teams/invitation-actions';
import { ZInvitationToken } from '@/lib/api/v1/teams';
import { AppError } from '@/lib/errors';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { findInvitation } from '@/lib/server/teams/find-invitation';

type Props = { params: Promise<{ locale: string; token: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'invite.metaTitle', 'teams');

const LINK = 'font-semibold text-primary-700 hover:underline dark:text-primary-300';

/** The invitation behind a link, or null for one that is malformed or unknown (both read as "not valid"). */
async function lookUp(token: string) {
  // The format is checked first: a link cut short in a mail client never reaches the database.
  if (!ZInvitationToken.safeParse(token).success) return null;
  try {
    return await findInvitation(token);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

function Card({ state, title, children }: { state: string; title: string; children: ReactNode }) {
  return (
    <div
      data-invitation-state={state}
      className="mx-auto max-w-xl rounded-xl border border-surface-border bg-surface-raised p-6 shadow-sm sm:p-8"
    >
      <h1 className="text-2xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">{title}</h1>
      <div className="mt-4 space-y-3 text-ink-muted [overflow-wrap:anywhere]">{children}</div>
    </div>
  );
}

/**
 * /invite/{token}, the link of a team invitation mail: behind sign-in (the proxy brings a signed-out visitor
 * back here), it shows the team, who invited and the role, and "Accept and join" for the invited address; a
 * used, withdrawn, expired or unknown link, or another signed-in address, is explained instead.
 */
export default async function InvitationPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const dashboardPath = getPathname({ href: '/dashboard', locale });
  const user = await pageUser(getPathname({ href: `/invite/${encodeURIComponent(token)}`, locale }));
  const t = await getTranslations('teams.invite');
  const roles = await getTranslations('teams.roles');
  const invitation = await lookUp(token);
  const toDashboard = (
    <p className="pt-3">
      <a href={dashboardPath} className={LINK}>
        {t('toDashboard')}
      </a>
    </p>
  );

  if (!invitation)
    return (
      <Card state="not-found" title={t('notFound.title')}>
        <p>{t('notFound.body')}</p>
        {toDashboard}
      </Card>
    );
  const team = invitation.teamName;
  if (invitation.state === 'expired')
    return (
      <ClientMessages scope="localDates">
        <Card state="expired" title={t('expired.title')}>
          <p>
            {t.rich('expired.body', {
              team,
              date: () => <LocalDateTime value={invitation.expiresAt.toISOString()} options={{ dateStyle: 'long' }} />,
            })}
          </p>
          {toDashboard}
        </Card>
      </ClientMessages>
    );
  if (invitation.state !== 'pending')
    return (
      <Card state={invitation.state} title={t(`${invitation.state}.title`)}>
        <p>{t(`${invitation.state}.body`, { team })}</p>
        {toDashboard}
      </Card>
    );
  if (invitation.email !== user.email.toLowerCase())
    return (
      <ClientMessages scope="invite">
        <Card state="other-address" title={t('otherAddress.title')}>
          <p>{t('otherAddress.body', { email: invitation.email, current: user.email })}</p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-3">
            <SignOutForInvitation locale={locale as Locale} />
            <a href={dashboardPath} className={LINK}>
              {t('toDashboard')}
            </a>
          </div>
        </Card>
      </ClientMessages>
    );
  const role = roles(invitation.role);
  return (
    <ClientMessages scope="invite">
      <Card state="pending" title={t('title', { team })}>
        <p className="text-lg text-ink">
          {invitation.inviter
            ? t('lead', { inviter: invitation.inviter, team, role })
            : t('leadNoInviter', { team, role })}
        </p>
        <p>{t('forEmail', { email: invitation.email })}</p>
        <p>{t('what')}</p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 pt-3">
          <AcceptInvitation token={token} team={team} dashboardPath={dashboardPath} />
          <a href={dashboardPath} className={LINK}>
            {t('toDashboard')}
          </a>
        </div>
      </Card>
    </ClientMessages>
  );
}
