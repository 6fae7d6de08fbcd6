import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { ApiKeysSection } from '@/components/api-keys/api-keys-section';
import { ClientMessages } from '@/components/i18n/client-messages';
import { TeamBranding } from '@/components/teams/team-branding';
import { roleAtLeast } from '@/lib/api/v1/workspaces';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { SettingsForm, SignOutEverywhere } from '@/components/account/settings-form';
import { getPathname } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/routing';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'settings.title');

export default async function SettingsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/settings', locale }));
  const t = await getTranslations('auth.settings');
  const workspace = await pageWorkspace(user.id);
  return (
    <>
      <PageHeading title={t('title')} lead={t('lead')} />
      <ClientMessages scope="settings">
        <SettingsForm
          initial={{ name: user.name ?? user.givenName ?? '', locale: isLocale(user.locale) ? user.locale : 'en' }}
        />
        <SignOutEverywhere />
        <ApiKeysSection />
        {workspace.kind === 'team' && (
          <TeamBranding
            teamId={workspace.id}
            teamName={workspace.name}
            canEdit={roleAtLeast(workspace.role, 'admin')}
          />
        )}
      </ClientMessages>
    </>
  );
}
