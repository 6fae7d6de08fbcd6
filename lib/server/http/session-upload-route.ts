import 'server-only';
import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { closingOnRefusal } from './closing-on-refusal';
import { withProblems } from './problem';
import { limit } from './rate-limit';

type TUser = Awaited<ReturnType<typeof requireUser>>;

/**
 * A signed-in browser's upload route (the UI's and the legacy contract's): not seen by the proxy,
 * whose body buffering would truncate large files, so it checks X-XSRF-TOKEN itself, and it
 * counts the upload against the user's rate limit before a byte of the body is read.
 */
export function sessionUploadRoute<T>(upload: (request: Request, user: TUser) => Promise<T>, status: 200 | 201) {
  return withProblems(async (request: Request) =>
    closingOnRefusal(async () => {
      assertNotForged(request);
      const user = await requireUser();
      await limit('upload', user.id);
      return Response.json(await upload(request, user), { status, headers: { 'cache-control': 'no-store' } });
    }),
  );
}
