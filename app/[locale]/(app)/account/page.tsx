import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import { PageHeading } from '@/components/account/page-heading';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'account.title');

export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/account', locale }));
  const t = await getTranslations('auth.account');
  // The plan is the current workspace's (a team's is shared by its members).
  const workspace = await pageWorkspace(user.id);
  const plan = t(`plans.${workspace.plan}`);
  const rows: [string, ReactNode][] = [
    [t('name'), user.name ?? t('notSet')],
    [t('email'), user.email],
    [t('givenName'), user.givenName ?? t('notSet')],
    [t('familyName'), user.familyName ?? t('notSet')],
    [t('role'), t(`roles.${user.role}`)],
    [t('plan'), workspace.kind === 'team' ? t('teamPlan', { plan, team: workspace.name }) : plan],
    // In the viewer's time zone, not the server's.
    [
      t('memberSince'),
      <LocalDateTime key="since" value={user.createdAt.toISOString()} options={{ dateStyle: 'long' }} />,
    ],
  ];
  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      <ClientMessages scope="localDates">
        <dl className="divide-y divide-surface-border rounded-xl border border-surface-border bg-surface-raised">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-1 px-5 py-3 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-all text-ink-muted">{value}</dd>
            </div>
          ))}
        </dl>
      </ClientMessages>
      <a
        href={getPathname({ href: '/settings', locale })}
        className="mt-8 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
      >
        {t('edit')}
      </a>
    </>
  );
}
