import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { NotePanel, PageHeading } from '@/components/account/page-heading';
import { TourHelp } from '@/components/tour/tour-help';
import { getDashboardTourSteps, getTourHelpText } from '@/components/tour/tour-help-text';
import { HELP_VIDEOS } from '@/lib/help/videos';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { listOwnedDocuments } from '@/lib/server/documents/list-owned-documents';
import { parsePreferences } from '@/lib/users/preferences';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'dashboard.title');

export default async function DashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/dashboard', locale }));
  const [t, format, documents, helpText, tourSteps] = [
    await getTranslations('auth'), await getFormatter(), await listOwnedDocuments(user.id), await getTourHelpText(), await getDashboardTourSteps(),
  ];
  const tourDone = parsePreferences(user.preferences).toursDone.includes('dashboard');
  // A plain <a>: /welcome is behind sign-in and must not be prefetched (DESIGN §11).
  const uploadHref = getPathname({ href: '/welcome', locale });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-6">
        <PageHeading title={t('dashboard.title')} lead={t('dashboard.lead', { name: user.name ?? user.email })} />
        <div className="mb-8">
          <TourHelp tourId="dashboard" autoStart={!tourDone} steps={tourSteps} videos={HELP_VIDEOS.dashboard} text={helpText} />
        </div>
      </div>
      {documents.length === 0 ? (
        <NotePanel>
          <div data-tour="documents">
            <p className="font-semibold text-ink">{t('dashboard.empty')}</p>
            <p className="mt-2">{t('dashboard.uploadLead')}</p>
          </div>
          <a href={uploadHref} data-tour="upload" className="mt-4 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800">
            {t('dashboard.upload')}
          </a>
        </NotePanel>
      ) : (
        <>
          <a href={uploadHref} data-tour="upload" className="mb-6 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800">
            {t('dashboard.upload')}
          </a>
          <ul data-tour="documents" className="divide-y divide-surface-border rounded-xl border border-surface-border bg-surface-raised">
            {documents.map((document) => (
              <li key={document.token} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3">
                <a href={getPathname({ href: `/document/${encodeURIComponent(document.token)}`, locale })} className="font-semibold break-all text-primary-700 hover:underline dark:text-primary-300">
                  {document.name}
                </a>
                <span className="text-sm text-ink-muted">
                  {t('document.status', { status: t(`document.statuses.${document.status}`) })} · {t('document.created', { date: format.dateTime(document.createdAt, { dateStyle: 'medium' }) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
