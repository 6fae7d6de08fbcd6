import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { ClientMessages } from '@/components/i18n/client-messages';
import { UploadPanel } from '@/components/upload/upload-panel';
import { getEnv } from '@/lib/env';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { getUploadUsage } from '@/lib/server/documents/upload/get-upload-usage';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'welcome.metaTitle');

/** Where the hero button leads: the signed-in start page, with the upload panel. */
export default async function WelcomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/welcome', locale }));
  const t = await getTranslations('auth.welcome');
  const workspace = await pageWorkspace(user.id);
  return (
    <>
      <PageHeading name title={t('title', { name: user.name ?? user.email })} lead={t('lead', { email: user.email })} />
      <ClientMessages scope="upload">
        <UploadPanel
          maxBytes={getEnv().UPLOAD_MAX_BYTES}
          plan={workspace.plan}
          workspace={workspace.id}
          usage={await getUploadUsage({ workspaceId: workspace.id, plan: workspace.plan })}
        />
      </ClientMessages>
      <a
        href={getPathname({ href: '/dashboard', locale })}
        className="mt-8 inline-block font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        {t('toDashboard')}
      </a>
    </>
  );
}
