'use client';

import { useEffect, useState } from 'react';
import { settleSessionHint } from './session-hint';

export type TSessionUser = { name: string | null; email: string; role: 'USER' | 'ADMIN' };

type TSessionBody = { user?: Partial<TSessionUser>; refreshAt?: number } | null;

/**
 * The signed-in user as the header sees it, read after hydration so the
 * landing page stays static. Asking the session endpoint again at the time
 * it names (75 % of the access token's life) refreshes the tokens silently;
 * an answer without a user (refresh failed, session ended) signs out here.
 */
export function useSessionUser(): TSessionUser | null {
  const [user, setUser] = useState<TSessionUser | null>(null);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const response = await fetch('/api/auth/session', { cache: 'no-store', credentials: 'same-origin' });
        const body = (response.ok ? await response.json() : null) as TSessionBody;
        if (cancelled) return;
        // SPEC §3: logged in means the email is non-empty.
        const email = body?.user?.email;
        setUser(email ? { name: body?.user?.name ?? null, email, role: body?.user?.role === 'ADMIN' ? 'ADMIN' : 'USER' } : null);
        settleSessionHint(Boolean(email));
        if (email && body?.refreshAt) timer = setTimeout(load, Math.max(5_000, body.refreshAt - Date.now()));
      } catch {
        // Offline or the server restarting: keep what we show and try on the next page.
        if (!cancelled) settleSessionHint(null);
      }
    };
    void load();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return user;
}
