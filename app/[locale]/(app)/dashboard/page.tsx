import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NotePanel, PageHeading } from '@/components/account/page-heading';
import { DocumentsDashboard } from '@/components/dashboard/documents-dashboard';
import { ClientMessages } from '@/components/i18n/client-messages';
import { TourHelp } from '@/components/tour/tour-help';
import { QuotaUse } from '@/components/upload/quota-use';
import { getDashboardTourSteps, getHelpVideos, getTourHelpText } from '@/components/tour/tour-help-text';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { planHasLimit } from '@/lib/server/documents/upload/check-upload-quota';
import { getUploadUsage } from '@/lib/server/documents/upload/get-upload-usage';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { parsePreferences } from '@/lib/users/preferences';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'dashboard.title');

const UPLOAD_BUTTON =
  'inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800';

/** The current workspace's documents; the list itself is fetched in the browser from GET /api/v1/documents. */
export default async function DashboardPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: '/dashboard', locale }));
  const [t, helpText, tourSteps, videos] = [
    await getTranslations('auth'),
    await getTourHelpText(),
    await getDashboardTourSteps(),
    await getHelpVideos('dashboard'),
  ];
  const tourDone = parsePreferences(user.preferences).toursDone.includes('dashboard');
  // A plain <a>: /welcome is behind sign-in, and a prefetch from a browser whose session has ended would start a sign-in nobody asked for.
  const uploadHref = getPathname({ href: '/welcome', locale });
  // The current workspace (the switcher's cookie): its documents, and a limited plan's month in view before an
  // upload would be refused.
  const workspace = await pageWorkspace(user.id);
  const usage = planHasLimit(workspace.plan)
    ? await getUploadUsage({ workspaceId: workspace.id, plan: workspace.plan })
    : null;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-6">
        <PageHeading
          title={t('dashboard.title')}
          lead={t('dashboard.lead', { name: workspace.kind === 'team' ? workspace.name : (user.name ?? user.email) })}
        />
        <div className="mb-8 flex flex-wrap items-center gap-3">
          <TourHelp tourId="dashboard" autoStart={!tourDone} steps={tourSteps} videos={videos} text={helpText} />
          <a href={uploadHref} data-tour="upload" className={UPLOAD_BUTTON}>
            {t('dashboard.upload')}
          </a>
        </div>
      </div>
      <div data-tour="documents">
        <ClientMessages scope="dashboard">
          {usage ? (
            <div className="mb-6">
              <QuotaUse initial={usage} />
            </div>
          ) : null}
          <DocumentsDashboard
            sender={workspace.kind === 'team' ? { me: user.email } : null}
            empty={
              <NotePanel>
                <p className="font-semibold text-ink">{t('dashboard.empty')}</p>
                <p className="mt-2">{t('dashboard.uploadLead')}</p>
                <a href={uploadHref} className={`mt-4 ${UPLOAD_BUTTON}`}>
                  {t('dashboard.upload')}
                </a>
              </NotePanel>
            }
          />
        </ClientMessages>
      </div>
    </>
  );
}
