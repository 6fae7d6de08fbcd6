'use client';

import { useSyncExternalStore } from 'react';
import { settleSessionHint } from './session-hint';

export type TSessionUser = { name: string | null; email: string; role: 'USER' | 'ADMIN' };

type TSessionBody = { user?: Partial<TSessionUser>; refreshAt?: number } | null;

/**
 * One session read shared by the header's parts (the account button, and the
 * nav where it depends on the session): one request and one refresh timer per
 * page, however many of them ask. It starts when the first one mounts and
 * stops when the last one unmounts, so each page (re)reads the session once.
 */
const session = {
  user: null as TSessionUser | null,
  listeners: new Set<() => void>(),
  /** Bumped on stop: an answer to an earlier run is dropped. */
  run: 0,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
};

function publish(user: TSessionUser | null) {
  session.user = user;
  session.listeners.forEach((listener) => listener());
}

async function load(run: number) {
  try {
    const response = await fetch('/api/auth/session', { cache: 'no-store', credentials: 'same-origin' });
    const body = (response.ok ? await response.json() : null) as TSessionBody;
    if (run !== session.run) return;
    // Signed in means the session names an email (a session without one is the anonymous default).
    const email = body?.user?.email;
    publish(
      email ? { name: body?.user?.name ?? null, email, role: body?.user?.role === 'ADMIN' ? 'ADMIN' : 'USER' } : null,
    );
    settleSessionHint(Boolean(email));
    if (email && body?.refreshAt)
      session.timer = setTimeout(() => void load(run), Math.max(5_000, body.refreshAt - Date.now()));
  } catch {
    // Offline or the server restarting: keep what we show and try on the next page.
    if (run === session.run) settleSessionHint(null);
  }
}

function subscribe(listener: () => void) {
  session.listeners.add(listener);
  if (session.listeners.size === 1) void load(session.run);
  return () => {
    session.listeners.delete(listener);
    if (session.listeners.size > 0) return;
    session.run += 1;
    clearTimeout(session.timer);
  };
}

/**
 * The signed-in user as the header sees it, read after hydration so the
 * landing page stays static. Asking the session endpoint again at the time
 * it names (75 % of the access token's life) refreshes the tokens silently;
 * an answer without a user (refresh failed, session ended) signs out here.
 */
export function useSessionUser(): TSessionUser | null {
  return useSyncExternalStore(
    subscribe,
    () => session.user,
    () => null,
  );
}
