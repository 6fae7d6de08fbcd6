import { z } from 'zod';
import { routing } from '@/lib/i18n/routing';
import { logOut } from '@/lib/server/auth/log-out';
import { withProblems } from '@/lib/server/http/problem';

const ZLogout = z.object({ locale: z.enum(routing.locales).default(routing.defaultLocale) });

// POST /api/auth/logout {locale} (with X-XSRF-TOKEN): answers where to send the browser next.
export const POST = withProblems(async (request: Request) => {
  const text = await request.text();
  const { locale } = ZLogout.parse(text ? JSON.parse(text) : {});
  return Response.json(await logOut(request, locale), { headers: { 'cache-control': 'no-store' } });
});
