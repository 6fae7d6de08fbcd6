import 'server-only';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';

/**
 * Refuses browser requests made from another site (CSRF, form spam from
 * embedded pages): an Origin header must be the origin of APP_URL. Browsers
 * always send Origin on POST; requests without it (curl, server-to-server)
 * are not cross-site browser requests and pass, unless Sec-Fetch-Site says
 * they are.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const expected = new URL(getEnv().appUrl).origin;
  if (origin !== null && origin !== expected) {
    throw new AppError('FORBIDDEN', `Requests from ${origin} are not accepted; this endpoint serves ${expected} only.`);
  }
  if (origin === null && request.headers.get('sec-fetch-site') === 'cross-site') {
    throw new AppError('FORBIDDEN', 'Cross-site requests are not accepted.');
  }
}
