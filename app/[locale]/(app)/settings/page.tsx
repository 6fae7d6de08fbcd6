import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotePanel, PageHeading } from '@/components/account/page-heading';
import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SettingsForm, SignOutEverywhere } from '@/components/account/settings-form';
import { TeamBranding } from '@/components/teams/team-branding';
import { TeamSection } from '@/components/teams/team-section';
import { roleAtLeast } from '@/lib/api/v1/workspaces';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/routing';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { personalWorkspaceId } from '@/lib/server/workspaces/personal-workspace-id';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'settings.title');

/**
 * The user's own settings, and those of the current workspace: its team (members, invitations, branding) when it is one,
 * and its API keys, which in a team only its admins and owners manage (a member is told so instead).
 */
export default async function SettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/settings', locale }));
  const t = await getTranslations('auth.settings');
  const teams = await getTranslations('teams.settings');
  const keys = await getTranslations('apiKeys');
  const workspace = await pageWorkspace(user.id);
  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      <ClientMessages scope="settings">
        {workspace.kind === 'team' ? (
          <div className="mb-8">
            <TeamSection
              team={{ id: workspace.id, name: workspace.name, role: workspace.role }}
              me={{ id: user.id, personalWorkspaceId: personalWorkspaceId(user.id) }}
              dashboardPath={getPathname({ href: '/dashboard', locale })}
            />
            <TeamBranding
              teamId={workspace.id}
              teamName={workspace.name}
              canEdit={roleAtLeast(workspace.role, 'admin')}
            />
          </div>
        ) : null}
        <SettingsForm
          initial={{ name: user.name ?? user.givenName ?? '', locale: isLocale(user.locale) ? user.locale : 'en' }}
        />
        <SignOutEverywhere />
        {roleAtLeast(workspace.role, 'admin') ? (
          <ApiKeysSection />
        ) : (
          <section
            id="api-keys"
            aria-labelledby="api-keys-title"
            className="mt-8 max-w-3xl"
            data-api-keys-admins-only=""
          >
            <NotePanel>
              <h2 id="api-keys-title" className="text-xl font-semibold text-ink">
                {keys('title')}
              </h2>
              <p className="mt-2 [overflow-wrap:anywhere]">{teams('apiKeysMember', { team: workspace.name })}</p>
            </NotePanel>
          </section>
        )}
      </ClientMessages>
    </>
  );
}
