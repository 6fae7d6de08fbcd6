import { z } from 'zod';
import { locales } from '@/lib/i18n/routing';
import { requireAdmin } from '@/lib/server/auth/require-user';
import { parseBody } from '@/lib/server/http/json';
import { withProblems } from '@/lib/server/http/problem';
import { sendTestMail } from '@/lib/server/mail/send-test-mail';

const ZTestMail = z.object({ locale: z.enum(locales) });

// POST /api/admin/outbox/test-mail {locale}: a test mail to the signed-in administrator (401 signed out, 403 anyone else).
export const POST = withProblems(async (request: Request) => {
  const admin = await requireAdmin();
  const { locale } = await parseBody(request, ZTestMail, 1024);
  const sent = await sendTestMail(admin, locale);
  return Response.json(
    { to: admin.email, messageId: sent.messageId },
    { status: 201, headers: { 'cache-control': 'no-store' } },
  );
});
