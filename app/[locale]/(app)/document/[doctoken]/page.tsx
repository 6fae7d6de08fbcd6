import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/account/page-heading';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LocalDateTime } from '@/components/i18n/local-date-time';
import { getHelpVideos, getTourHelpText, getWorkspaceTourSteps } from '@/components/tour/tour-help-text';
import type { TWorkspaceHelp } from '@/components/workspace/draft-workspace';
import { TruncatedName } from '@/components/ui/truncated-name';
import { DocumentWorkspaceProvider } from '@/components/workspace/document-workspace';
import { Workspace } from '@/components/workspace/workspace';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { findOwnedDocumentDetails } from '@/lib/server/documents/find-owned-document-details';
import { getDocumentDetails } from '@/lib/server/documents/get-document-details';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';
import { resolveWorkspace } from '@/lib/server/workspaces/resolve-workspace';
import { formatFileSize } from '@/lib/upload/format-file-size';
import { parsePreferences } from '@/lib/users/preferences';

type Props = { params: Promise<{ locale: string; doctoken: string }> };

export const metadata = { robots: { index: false, follow: false } };

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** /document/{doctoken}: the owner's workspace (fields, recipients, sending), or each recipient's progress once sent. */
export default async function DocumentPage({ params }: Props) {
  const { locale, doctoken } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: `/document/${encodeURIComponent(doctoken)}`, locale }));
  const document = await findOwnedDocumentDetails(doctoken, user.id);
  if (!document) notFound();
  const details = await getDocumentDetails(document.id, document.workspaceId);
  // A document of another workspace than the current one (a link to a team document) makes its workspace current.
  const current = await pageWorkspace(user.id);
  const own = current.id === document.workspaceId ? null : await resolveWorkspace(user.id, document.workspaceId);
  const [t, format] = [await getTranslations('auth.document'), await getFormatter()];
  const help: TWorkspaceHelp = {
    autoStart: !parsePreferences(user.preferences).toursDone.includes('workspace'),
    steps: await getWorkspaceTourSteps(),
    videos: await getHelpVideos('workspace'),
    text: await getTourHelpText(),
  };
  // Out for signature but held for the owner's acceptance of an eID name mismatch (docs/signer-authentication.md).
  const status = details.reviewNeeded ? t('reviewStatus') : t(`statuses.${document.status}`);
  // Dates are formatted in the browser, in the viewer's time zone (the server knows only its own).
  const createdAt = document.createdAt.toISOString();
  const pdfUrl = `/api/documents/${encodeURIComponent(document.token)}/pdf`;
  const { facts } = document;
  const sealed = facts.file === 'sealed';
  return (
    <ClientMessages scope="workspace">
      <PageHeading
        name
        title={document.name}
        lead={
          <>
            {t('status', { status })} ·{' '}
            {t.rich('created', { date: () => <LocalDateTime value={createdAt} options={{ dateStyle: 'medium' }} /> })}
          </>
        }
      />
      <section
        aria-labelledby="document-details"
        className="mb-6 rounded-xl border border-surface-border bg-surface-raised px-4 py-3 text-sm shadow-sm"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="document-details" className="font-semibold">
            {t('details')}
          </h2>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <a
              href={pdfUrl}
              target="_blank"
              rel="noopener"
              className="font-semibold text-primary-700 hover:underline dark:text-primary-300"
            >
              {t('openPdf')}
            </a>
            <a
              href={getPathname({ href: '/dashboard', locale })}
              className="font-semibold text-primary-700 hover:underline dark:text-primary-300"
            >
              {t('toDashboard')}
            </a>
          </div>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
          <Detail term={t('name')}>
            <TruncatedName text={document.name} lines={2} />
            {facts.convertedFrom ? (
              <span className="mt-0.5 block text-xs font-normal text-ink-muted">
                {t('convertedFrom', { file: facts.convertedFrom })}
              </span>
            ) : null}
          </Detail>
          <Detail term={t('statusLabel')}>{status}</Detail>
          <Detail term={t('createdLabel')}>
            <LocalDateTime value={createdAt} options={{ dateStyle: 'medium', timeStyle: 'short' }} />
          </Detail>
          {/* Once sealed, the page shows and serves the sealed PDF: its pages and size, the original's labelled beside them. */}
          <Detail term={sealed ? t('sealedPages') : t('pages')}>
            {facts.pages === null ? t('unknown') : format.number(facts.pages)}
          </Detail>
          <Detail term={sealed ? t('sealedSize') : t('size')}>
            {facts.size === null ? t('unknown') : formatFileSize(facts.size, locale)}
          </Detail>
          {facts.original ? (
            <Detail term={t('original')}>
              {[
                facts.original.pages === null ? null : t('pageCount', { count: facts.original.pages }),
                facts.original.size === null ? null : formatFileSize(facts.original.size, locale),
              ]
                .filter(Boolean)
                .join(' · ') || t('unknown')}
            </Detail>
          ) : null}
          <Detail term={t('sha256')}>
            <code title={document.originalSha256} className="font-mono">
              {document.originalSha256.slice(0, 12)}…
            </code>
          </Detail>
        </dl>
      </section>
      <DocumentWorkspaceProvider
        workspaceId={document.workspaceId}
        adopt={own ? { id: own.id, name: own.name, kind: own.kind } : null}
      >
        <Workspace initial={details} pdfUrl={pdfUrl} help={help} />
      </DocumentWorkspaceProvider>
    </ClientMessages>
  );
}
