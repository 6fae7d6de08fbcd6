import { forbidden, notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { OutboxMail } from '@/components/admin/outbox-mail';
import { isAppError } from '@/lib/errors';
import { localizedPath } from '@/lib/i18n/localized-path';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { readOutboxMail } from '@/lib/server/mail/read-outbox-mail';

type Props = { params: Promise<{ locale: string; mail: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'title', 'outbox');

/** Admin: one outbox mail, HTML and text. Anyone else gets 403; a name the outbox never wrote, 404. */
export default async function OutboxMailPage({ params }: Props) {
  const { locale, mail: id } = await params;
  setRequestLocale(locale);
  const user = await pageUser(localizedPath(`/admin/outbox/${id}`, locale));
  if (user.role !== 'ADMIN') forbidden();
  const mail = await readOutboxMail(id).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  });
  const t = await getTranslations('outbox');
  return (
    <>
      <a
        href={localizedPath('/admin/outbox', locale)}
        className="mb-6 inline-block font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        ← {t('back')}
      </a>
      <PageHeading name title={mail.subject || t('noSubject')} />
      <OutboxMail mail={mail} />
    </>
  );
}
