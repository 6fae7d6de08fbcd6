import { currentUser } from '@/lib/server/auth/require-user';
import { healthMonitor } from '@/lib/server/health/health-monitor';

export const dynamic = 'force-dynamic';

/**
 * 200 when every part is up, 503 when one is down; from the last background
 * probe (lib/server/health/health-monitor.ts). Which part failed, and the job
 * queue's failures and delays, are for signed-in administrators only.
 */
export async function GET() {
  const health = await healthMonitor().current();
  // A database that is down cannot tell who asks: answer as to anyone.
  const user = await currentUser().catch(() => null);
  const body = user?.role === 'ADMIN' ? health : { status: health.status };
  return Response.json(body, {
    status: health.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
