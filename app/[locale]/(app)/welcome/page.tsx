import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotePanel, PageHeading } from '@/components/account/page-heading';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'welcome.metaTitle');

/** Where the hero button leads: the signed-in start page. */
export default async function WelcomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/welcome', locale }));
  const t = await getTranslations('auth.welcome');
  return (
    <>
      <PageHeading title={t('title', { name: user.name ?? user.email })} lead={t('lead', { email: user.email })} />
      <NotePanel>
        <p>{t('uploadSoon')}</p>
      </NotePanel>
      <a href={getPathname({ href: '/dashboard', locale })} className="mt-8 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800">
        {t('toDashboard')}
      </a>
    </>
  );
}
