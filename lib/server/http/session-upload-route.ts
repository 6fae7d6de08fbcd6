import 'server-only';
import { WORKSPACE_HEADER } from '@/lib/api/v1/workspaces';
import { resolveWorkspace, type TWorkspaceAccess } from '@/lib/server/workspaces/resolve-workspace';
import { assertNotForged } from '@/lib/server/auth/assert-not-forged';
import { requireUser } from '@/lib/server/auth/require-user';
import { closingOnRefusal } from './closing-on-refusal';
import { withProblems } from './problem';
import { limit } from './rate-limit';

type TUser = Awaited<ReturnType<typeof requireUser>>;
/** The signed-in uploader in the workspace the upload goes to, with its plan. */
type TUploader = { id: string; email: string; workspaceId: string; plan: TWorkspaceAccess['plan'] };

/**
 * A signed-in browser's upload route (the UI's and the legacy contract's): not seen by the proxy,
 * whose body buffering would truncate large files, so it checks X-XSRF-TOKEN itself, and it
 * counts the upload against the user's rate limit before a byte of the body is read. The upload goes to the
 * workspace X-Signet-Workspace names (404 when the user is not in it), else the user's personal one.
 */
export function sessionUploadRoute<T>(
  upload: (request: Request, uploader: TUploader) => Promise<T>,
  status: 200 | 201,
) {
  return withProblems(async (request: Request) =>
    closingOnRefusal(async () => {
      assertNotForged(request);
      const user: TUser = await requireUser();
      await limit('upload', user.id);
      const workspace = await resolveWorkspace(user.id, request.headers.get(WORKSPACE_HEADER));
      const uploader = { id: user.id, email: user.email, workspaceId: workspace.id, plan: workspace.plan };
      return Response.json(await upload(request, uploader), { status, headers: { 'cache-control': 'no-store' } });
    }),
  );
}
