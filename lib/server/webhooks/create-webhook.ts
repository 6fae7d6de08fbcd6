import 'server-only';
import { assertMayManage } from '@/lib/server/teams/team-rules';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { randomUUID } from 'node:crypto';
import type { TCreateWebhookBody, TCreatedWebhook } from '@/lib/api/v1/webhooks';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockUserRow } from '@/lib/server/users/lock-user-row';
import { checkWebhookUrl } from './check-webhook-url';
import { createdWebhookView } from './webhook-views';
import { newWebhookSecret, encryptWebhookSecret } from './webhook-secret';

/** Each webhook is a delivery per event: a bound keeps one workspace from fanning every event out without end. */
export const MAX_WEBHOOKS_PER_WORKSPACE = 20;

/**
 * Registers a webhook; the answer is the only place its signing secret is ever
 * shown. `createdByKeyId` is the API key it was registered with (null from a
 * session): revoking that key disables the webhook (lib/server/api-keys/revoke-api-key.ts).
 */
export async function createWebhook(
  caller: Pick<TWorkspaceCaller, 'userId' | 'workspaceId'>,
  body: TCreateWebhookBody,
  origin: { createdByKeyId: string | null } = { createdByKeyId: null },
): Promise<TCreatedWebhook> {
  const url = checkWebhookUrl(body.url);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const encryptedSecret = await encryptWebhookSecret(id, secret);
  const webhook = await db.$transaction(async (tx) => {
    const { userId: ownerId, workspaceId } = caller;
    // Under the workspace's row lock parallel creations count one after another (the limit holds); under the
    // maker's, a revocation of the key that is creating this one is either seen here or sees this webhook.
    await lockWorkspaceRow(tx, workspaceId);
    // Webhooks are an admin's: a caller demoted or removed since the request began registers none.
    assertMayManage(await memberRoleNow(tx, workspaceId, ownerId));
    await lockUserRow(tx, ownerId);
    if (
      origin.createdByKeyId &&
      !(await tx.apiKey.count({ where: { id: origin.createdByKeyId, ownerId, revokedAt: null } }))
    ) {
      throw new AppError('UNAUTHORIZED', 'The API key is unknown or revoked.');
    }
    const count = await tx.webhook.count({ where: { workspaceId } });
    if (count >= MAX_WEBHOOKS_PER_WORKSPACE) {
      throw new AppError(
        'CONFLICT',
        `This workspace has ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks, the most a workspace may have; delete one first.`,
      );
    }
    return tx.webhook.create({
      data: {
        id,
        ownerId,
        workspaceId,
        url: url.toString(),
        encryptedSecret,
        events: body.events.join(' '),
        createdByKeyId: origin.createdByKeyId,
      },
    });
  });
  return createdWebhookView(webhook, secret);
}
