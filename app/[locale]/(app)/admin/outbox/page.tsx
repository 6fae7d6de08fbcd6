import { forbidden } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PageHeading } from '@/components/account/page-heading';
import { OutboxTable } from '@/components/admin/outbox-table';
import { SendTestMail } from '@/components/admin/send-test-mail';
import { localizedPath } from '@/lib/i18n/localized-path';
import { pageUser } from '@/lib/server/auth/page-user';
import { privatePageMetadata } from '@/lib/server/auth/page-metadata';
import { listOutbox } from '@/lib/server/mail/list-outbox';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = ({ params }: Props) => privatePageMetadata(params, 'title', 'outbox');

/** Admin: the mails written to the outbox folder (no SMTP_URL), so someone trying Signet can follow an invitation. */
export default async function OutboxPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const user = await pageUser(localizedPath('/admin/outbox', locale));
  if (user.role !== 'ADMIN') forbidden();
  const [t, outbox] = [await getTranslations('outbox'), await listOutbox()];
  return (
    <>
      <PageHeading title={t('title')} lead={outbox.smtp ? t('smtpLead') : t('lead')} />
      <SendTestMail
        locale={locale}
        labels={{
          send: t('sendTest'),
          sending: t('sendingTest'),
          sent: t('testSent', { email: user.email }),
          failed: t('testFailed'),
          offline: t('offline'),
        }}
      />
      <OutboxTable outbox={outbox} locale={locale} />
    </>
  );
}
