import { notFound } from 'next/navigation';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { getPathname } from '@/lib/i18n/navigation';
import { pageUser } from '@/lib/server/auth/page-user';
import { findOwnedDocument } from '@/lib/server/documents/find-owned-document';

type Props = { params: Promise<{ locale: string; doctoken: string }> };

export const metadata = { robots: { index: false, follow: false } };

/** /document/{doctoken}: the owner's document (the editor arrives with the upload issue). */
export default async function DocumentPage({ params }: Props) {
  const { locale, doctoken } = await params;
  setRequestLocale(locale);
  const user = await pageUser(getPathname({ href: `/document/${encodeURIComponent(doctoken)}`, locale }));
  const document = await findOwnedDocument(doctoken, user.id);
  if (!document) notFound();
  const [t, format] = [await getTranslations('auth.document'), await getFormatter()];
  return (
    <PageHeading
      title={document.name}
      lead={`${t('status', { status: document.status })} · ${t('created', { date: format.dateTime(document.createdAt, { dateStyle: 'medium' }) })}`}
    />
  );
}
