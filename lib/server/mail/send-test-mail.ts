import 'server-only';
import { getEnv } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/localized-path';
import type { Locale } from '@/lib/i18n/routing';
import { sendTemplateMail } from './send-template-mail';

/**
 * The admin's test of the mail settings: one mail to themselves, rendered
 * and sent exactly like an invitation, linking back to the outbox page.
 */
export async function sendTestMail(admin: { email: string }, locale: Locale) {
  const openUrl = `${getEnv().appUrl}${localizedPath('/admin/outbox', locale)}`;
  return sendTemplateMail('test-mail', locale, { requestedBy: admin.email, openUrl }, { to: admin.email });
}
