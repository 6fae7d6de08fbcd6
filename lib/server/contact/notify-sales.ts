import 'server-only';
import { createTranslator } from 'next-intl';
import { clipName } from '@/lib/clip-name';
import { getEnv } from '@/lib/env';
import { loadMessages } from '@/lib/i18n/messages';
import { defaultLocale } from '@/lib/i18n/routing';
import { db as defaultDb, type TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { flattenControlCharacters } from '@/lib/server/mail/mail-data';
import { sendMail, type TSentMail } from '@/lib/server/mail/send-mail';

type TContactMessages = { contact: typeof import('@/messages/contact/en.json') };

/**
 * Mails the sales inbox (SALES_EMAIL) about one stored contact request, in
 * the site's default language; Reply-To is the sender, so answering the mail
 * answers them. Returns null when the request no longer exists.
 */
export async function notifySales(id: string, client: TDbClient = defaultDb): Promise<TSentMail | null> {
  const request = await client.contactRequest.findUnique({ where: { id } });
  if (!request) {
    logger.warn('contact notification skipped: request not found', { id });
    return null;
  }
  const messages = (await loadMessages(defaultLocale)) as TContactMessages;
  const t = createTranslator({ locale: defaultLocale, messages, namespace: 'contact' });
  const none = t('mail.none');
  const lines = [
    t('mail.intro'),
    '',
    `${t('mail.topic')}: ${t(`form.topics.${request.topic}`)}`,
    `${t('mail.plan')}: ${request.plan ? t(`form.plans.${request.plan}`) : none}`,
    `${t('mail.name')}: ${request.name}`,
    `${t('mail.email')}: ${request.email}`,
    `${t('mail.company')}: ${request.company ?? none}`,
    `${t('mail.language')}: ${request.locale}`,
    `${t('mail.received')}: ${request.createdAt.toISOString()}`,
    `${t('mail.reference')}: ${request.id}`,
    '',
    `${t('mail.message')}:`,
    request.message,
    '',
    t('mail.replyHint', { name: request.name }),
  ];
  // sendMail refuses control characters in headers; a name is only shown, so flatten them instead of failing the job.
  const name = flattenControlCharacters(request.name);
  return sendMail({
    to: getEnv().SALES_EMAIL,
    replyTo: name ? { name, address: request.email } : request.email,
    subject: t('mail.subject', { topic: t(`form.topics.${request.topic}`), name: clipName(name) }),
    text: lines.join('\n'),
  });
}
