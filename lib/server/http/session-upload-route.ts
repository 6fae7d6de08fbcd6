import 'server-only';
import { sessionWorkspace } from '@/lib/server/workspaces/current-workspace';
import { uploaderIn } from '@/lib/server/workspaces/uploader-in';
import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { closingOnRefusal } from './closing-on-refusal';
import { withProblems } from './problem';
import { limit } from './rate-limit';

/**
 * A signed-in browser's upload route (the UI's and the legacy contract's): not seen by the proxy,
 * whose body buffering would truncate large files, so it checks X-XSRF-TOKEN itself, and it
 * counts the upload against the user's rate limit before a byte of the body is read. The upload goes to the
 * workspace X-Signet-Workspace names (404 when the user is not in it), else the browser's current one (its
 * cookie, as v1 session calls), else the user's personal one.
 */
export function sessionUploadRoute<T>(
  upload: (request: Request, uploader: ReturnType<typeof uploaderIn>) => Promise<T>,
  status: 200 | 201,
) {
  return withProblems(async (request: Request) =>
    closingOnRefusal(async () => {
      assertNotForged(request);
      const user = await requireUser();
      await limit('upload', user.id);
      const workspace = await sessionWorkspace(user.id, request);
      return Response.json(await upload(request, uploaderIn(user, workspace)), {
        status,
        headers: { 'cache-control': 'no-store' },
      });
    }),
  );
}
