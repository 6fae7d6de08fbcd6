import 'server-only';
import type { TListWebhooksQuery, TWebhookList } from '@/lib/api/v1/webhooks';
import { db } from '@/lib/server/db/client';
import { afterCursor, decodeCursor, encodeCursor } from '@/lib/server/http/keyset-cursor';
import { webhookView } from './webhook-views';

const RECENT_DELIVERIES = 10;

/** The workspace's webhooks, newest first by keyset pages (docs/api.md, Lists), each with its latest deliveries; never a secret. */
export async function listWebhooks(workspaceId: string, query: TListWebhooksQuery): Promise<TWebhookList> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db.webhook.findMany({
    where: { workspaceId, ...afterCursor(after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    include: { deliveries: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: RECENT_DELIVERIES } },
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(webhookView),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
  };
}
