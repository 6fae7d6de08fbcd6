import { apiFetch } from '@/lib/http/api-fetch';
import type { Locale } from '@/lib/i18n/routing';
import { settleSessionHint } from './session-hint';

/**
 * Signs out here and at the identity provider: POST /api/auth/logout answers where to go (the provider's end-session
 * page, then back). Throws when the server refused or could not be reached; the caller says so.
 */
export async function signOutAndLeave(locale: Locale): Promise<void> {
  const response = await apiFetch('/api/auth/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale }),
  });
  const body = (await response.json()) as { redirect?: string };
  if (!response.ok || !body.redirect) throw new Error(String(response.status));
  settleSessionHint(false);
  window.location.assign(body.redirect);
}
