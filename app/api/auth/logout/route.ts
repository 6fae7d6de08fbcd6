import { z } from 'zod';
import { routing } from '@/lib/i18n/routing';
import { logOut } from '@/lib/server/auth/log-out';
import { withProblems } from '@/lib/server/http/problem';

const ZLogout = z.object({
  locale: z.enum(routing.locales).default(routing.defaultLocale),
  everywhere: z.boolean().default(false),
});

// POST /api/auth/logout {locale, everywhere?} (with X-XSRF-TOKEN): answers where to send the browser next.
// everywhere: true also ends the user's sessions in every other browser (Settings, "Sign out everywhere").
export const POST = withProblems(async (request: Request) => {
  const text = await request.text();
  const { locale, everywhere } = ZLogout.parse(text ? JSON.parse(text) : {});
  return Response.json(await logOut(request, locale, { everywhere }), { headers: { 'cache-control': 'no-store' } });
});
