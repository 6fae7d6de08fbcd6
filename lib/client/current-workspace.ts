import { useSyncExternalStore } from 'react';
import { WORKSPACE_COOKIE } from '@/lib/api/v1/workspace-names';

/** The current workspace as the header shows it. */
export type TCurrentWorkspace = { id: string; name: string; kind: 'personal' | 'team' };

/** A year: the choice stays until the user switches; the server falls back to personal once it is stale. */
const MAX_AGE = 60 * 60 * 24 * 365;

/** The current-workspace cookie (WORKSPACE_COOKIE) for document.cookie: every page and session call follows it. */
export function workspaceCookieString(id: string): string {
  return `${WORKSPACE_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=${MAX_AGE}; samesite=lax`;
}

/** The next page's toast, kept across the reload a switch makes (sessionStorage: this tab only). */
const FLASH_KEY = 'signet-workspace-flash';

/** Pages about one thing of a workspace (a document, an invitation): after a switch the dashboard opens instead. */
const PINNED_PAGE = /\/(document|invite)\//;

/**
 * Makes `id` the browser's current workspace and loads the page again in it, so that everything on it,
 * server-rendered or cached in the browser, follows: `to` if given, the dashboard (`dashboard`, in the page's
 * language) from a page about one thing of another workspace, else the same page. `flash` is a success toast
 * for the page that opens.
 */
export function switchWorkspace(
  id: string,
  { flash, to, dashboard }: { flash?: string; to?: string; dashboard: string },
) {
  document.cookie = workspaceCookieString(id);
  if (flash) {
    try {
      window.sessionStorage.setItem(FLASH_KEY, flash);
    } catch {
      // Storage refused (private mode, quota): the switch matters, the toast does not.
    }
  }
  const target = to ?? (PINNED_PAGE.test(window.location.pathname) ? dashboard : null);
  if (target) window.location.assign(target);
  else window.location.reload();
}

/** The toast a switch left for this page, once. */
export function takeWorkspaceFlash(): string | null {
  try {
    const flash = window.sessionStorage.getItem(FLASH_KEY);
    if (flash !== null) window.sessionStorage.removeItem(FLASH_KEY);
    return flash;
  } catch {
    return null;
  }
}

/** A workspace the page made current without a reload (opening a team document), for the header to show. */
const adopted = { workspace: null as TCurrentWorkspace | null, listeners: new Set<() => void>() };

/**
 * A page about one thing of `workspace` (a document) makes it the current one, as if switched to, without a
 * reload: the page already acts there (it names it on each call), and the next page opens in it.
 */
export function adoptWorkspace(workspace: TCurrentWorkspace) {
  document.cookie = workspaceCookieString(workspace.id);
  adopted.workspace = workspace;
  adopted.listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  adopted.listeners.add(listener);
  return () => adopted.listeners.delete(listener);
}

/** The workspace a page adopted since it loaded, else null (the server's current one stands). */
export function useAdoptedWorkspace(): TCurrentWorkspace | null {
  return useSyncExternalStore(
    subscribe,
    () => adopted.workspace,
    () => null,
  );
}
