import { forbidden } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { DeleteUserButton } from '@/components/admin/delete-user-button';
import { FailedJobs } from '@/components/admin/failed-jobs';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import { TruncatedName } from '@/components/ui/truncated-name';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { listFailedJobs } from '@/lib/server/jobs/list-failed-jobs';
import { listUsers } from '@/lib/server/users/list-users';
import { listTeams } from '@/lib/server/workspaces/list-teams';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'admin.title');

/** Admin: the user list and the jobs that failed for good; anyone but an administrator gets 403 (app/[locale]/forbidden.tsx). */
export default async function AdminPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/admin', locale }));
  if (user.role !== 'ADMIN') forbidden();
  const [t, account, deletion, outbox, users, failedJobs, teams] = [
    await getTranslations('auth.admin'),
    await getTranslations('auth.account'),
    await getTranslations('dialogs.deleteUser'),
    await getTranslations('outbox'),
    await listUsers(),
    await listFailedJobs(),
    await listTeams(),
  ];
  const displayName = (row: (typeof users)[number]) =>
    row.name ?? ([row.givenName, row.familyName].filter(Boolean).join(' ') || null);
  return (
    <>
      <PageHeading title={t('title')} lead={`${t('lead')} ${t('count', { count: users.length })}`} />
      <p className="-mt-4 mb-8">
        <a
          href={getPathname({ href: '/admin/outbox', locale })}
          className="font-semibold text-primary-700 hover:underline dark:text-primary-300"
        >
          {outbox('adminLink')}
        </a>
      </p>
      <ClientMessages scope="admin">
        {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
        <div
          role="region"
          aria-label={t('title')}
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-surface-border bg-surface-raised"
        >
          <table className="w-full min-w-[42rem] text-left text-sm">
            <thead className="border-b border-surface-border bg-surface-sunken">
              <tr>
                {(['name', 'email', 'role', 'plan', 'created'] as const).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {t(`columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3 font-semibold">
                  {deletion('column')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-surface-border">
              {users.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-3">
                    <TruncatedName text={displayName(row) ?? account('notSet')} lines={2} />
                  </td>
                  <td className="px-4 py-3">
                    <TruncatedName text={row.email} lines={2} />
                  </td>
                  <td className="px-4 py-3">{account(`roles.${row.role}`)}</td>
                  <td className="px-4 py-3">{account(`plans.${row.plan}`)}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <LocalDateTime value={row.createdAt.toISOString()} options={{ dateStyle: 'medium' }} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {/* The server refuses it too: an administrator cannot delete themselves. */}
                    {row.id === user.id ? (
                      <span className="text-ink-muted">{deletion('you')}</span>
                    ) : (
                      <DeleteUserButton userId={row.id} name={displayName(row) ?? row.email} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <section aria-labelledby="admin-teams" className="mt-10">
          <h2 id="admin-teams" className="text-xl font-semibold">
            {t('teams.title')}
          </h2>
          <p className="mt-1 mb-4 text-ink-muted">
            {t('teams.lead')} {t('teams.count', { count: teams.length })}
          </p>
          {teams.length === 0 ? (
            <p className="text-ink-muted">{t('teams.empty')}</p>
          ) : (
            <div
              role="region"
              aria-label={t('teams.title')}
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-surface-border bg-surface-raised"
            >
              <table className="w-full min-w-[42rem] text-left text-sm">
                <thead className="border-b border-surface-border bg-surface-sunken">
                  <tr>
                    {(['name', 'id', 'plan', 'owners', 'members', 'documents', 'created'] as const).map((column) => (
                      <th key={column} scope="col" className="px-4 py-3 font-semibold">
                        {t(`teams.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-surface-border">
                  {teams.map((team) => (
                    <tr key={team.id}>
                      <td className="px-4 py-3">
                        <TruncatedName text={team.name} lines={2} />
                      </td>
                      <td className="px-4 py-3 font-mono text-xs">{team.id}</td>
                      <td className="px-4 py-3">{account(`plans.${team.plan}`)}</td>
                      <td className="px-4 py-3">
                        <TruncatedName text={team.owners.join(', ')} lines={2} />
                      </td>
                      <td className="px-4 py-3">{team.members}</td>
                      <td className="px-4 py-3">{team.documents}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <LocalDateTime value={team.createdAt.toISOString()} options={{ dateStyle: 'medium' }} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <FailedJobs failed={failedJobs} />
      </ClientMessages>
    </>
  );
}
