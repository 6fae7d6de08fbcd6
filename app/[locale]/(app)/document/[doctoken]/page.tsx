import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/account/page-heading';
import { ClientMessages } from '@/components/i18n/client-messages';
import { LazyDocumentViewer } from '@/components/viewer/lazy-document-viewer';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { findOwnedDocumentDetails } from '@/lib/server/documents/find-owned-document-details';
import { formatFileSize } from '@/lib/upload/format-file-size';

type Props = { params: Promise<{ locale: string; doctoken: string }> };

export const metadata = { robots: { index: false, follow: false } };

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** /document/{doctoken}: the owner's document, its details and every page in the document viewer (the field editor plugs into its page overlays). */
export default async function DocumentPage({ params }: Props) {
  const { locale, doctoken } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: `/document/${encodeURIComponent(doctoken)}`, locale }));
  const document = await findOwnedDocumentDetails(doctoken, user.id);
  if (!document) notFound();
  const [t, format] = [await getTranslations('auth.document'), await getFormatter()];
  const status = t(`statuses.${document.status}`);
  const created = format.dateTime(document.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  const pdfUrl = `/api/documents/${encodeURIComponent(document.token)}/pdf`;
  return (
    <>
      <PageHeading title={document.name} lead={`${t('status', { status })} · ${t('created', { date: format.dateTime(document.createdAt, { dateStyle: 'medium' }) })}`} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <section aria-labelledby="document-details" className="h-fit rounded-xl border border-surface-border bg-surface-raised p-5 shadow-sm">
          <h2 id="document-details" className="mb-2 text-lg font-semibold">
            {t('details')}
          </h2>
          <dl className="divide-y divide-surface-border text-sm">
            <Detail term={t('name')}>{document.name}</Detail>
            <Detail term={t('statusLabel')}>{status}</Detail>
            <Detail term={t('createdLabel')}>{created}</Detail>
            <Detail term={t('pages')}>{document.pageCount > 0 ? format.number(document.pageCount) : t('unknown')}</Detail>
            <Detail term={t('size')}>{document.size === null ? t('unknown') : formatFileSize(document.size, locale)}</Detail>
            <Detail term={t('sha256')}>
              <code title={document.originalSha256} className="font-mono">
                {document.originalSha256.slice(0, 12)}…
              </code>
            </Detail>
          </dl>
          <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <a href={pdfUrl} target="_blank" rel="noopener" className="font-semibold text-primary-700 hover:underline dark:text-primary-300">
              {t('openPdf')}
            </a>
            <a href={getPathname({ href: '/dashboard', locale })} className="font-semibold text-primary-700 hover:underline dark:text-primary-300">
              {t('toDashboard')}
            </a>
          </div>
        </section>
        <ClientMessages scope="viewer">
          <LazyDocumentViewer src={pdfUrl} name={document.name} />
        </ClientMessages>
      </div>
    </>
  );
}
