'use client';

import { Menu, MenuButton, MenuItem, MenuItems, MenuSection, MenuHeading, MenuSeparator } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import {
  switchWorkspace,
  takeWorkspaceFlash,
  useAdoptedWorkspace,
  type TCurrentWorkspace,
} from '@/lib/client/current-workspace';
import { v1Request } from '@/lib/client/v1-api';
import { CreateTeamDialog } from './create-team-dialog';
import { withName, type TSwitcherText } from './switcher-text';

export const workspacesKey = ['v1', 'workspaces'] as const;
const readWorkspaces = () => v1Request<{ items: TWorkspace[] }>('/workspaces');

const ITEM =
  'flex w-full min-w-0 items-center gap-3 rounded-lg px-3 py-2 text-left data-focus:bg-surface-sunken data-disabled:opacity-60';

function WorkspaceIcon({ kind, className = 'h-5 w-5' }: { kind: TCurrentWorkspace['kind']; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {kind === 'team' ? (
        <path d="M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M21 19v-1a4 4 0 0 0-3-3.9M15.5 4.1a3 3 0 0 1 0 5.8" />
      ) : (
        <path d="M19 20v-1.5a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4V20M12 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7" />
      )}
    </svg>
  );
}

/**
 * The header's workspace switcher (app pages): the current workspace's name (a personal one reads "Personal"),
 * and a menu of the user's workspaces (GET /api/v1/workspaces, read when the menu is about to open) with the
 * current one marked, a link to the team's settings, and "Create team". Choosing one sets the current-workspace
 * cookie and loads the page again in it.
 */
export function WorkspaceSwitcher({ initial, text }: { initial: TCurrentWorkspace; text: TSwitcherText }) {
  const current = useAdoptedWorkspace() ?? initial;
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const shown = current.kind === 'personal' ? text.personal : current.name;

  // The toast a switch (or an accepted invitation) left for the page it opened.
  useEffect(() => {
    const flash = takeWorkspaceFlash();
    if (flash) toast.success(flash);
  }, []);

  const prefetch = () => void queryClient.prefetchQuery({ queryKey: workspacesKey, queryFn: readWorkspaces });

  return (
    <>
      <Menu as="div" className="relative min-w-0" data-workspace-switcher="">
        <MenuButton
          onPointerEnter={prefetch}
          onFocus={prefetch}
          title={shown}
          data-workspace-kind={current.kind}
          className="flex h-10 max-w-full min-w-0 items-center gap-1.5 rounded-lg border border-surface-border bg-surface-raised px-2 text-sm font-semibold text-ink transition hover:bg-surface-sunken data-open:bg-surface-sunken sm:px-3 nav:max-w-64"
        >
          <WorkspaceIcon kind={current.kind} className="h-4 w-4 text-ink-muted" />
          <span className="sr-only">{text.label}: </span>
          <span className="min-w-0 truncate" data-workspace-name="">
            {shown}
          </span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-ink-muted" fill="currentColor">
            <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06" />
          </svg>
        </MenuButton>
        <MenuItems
          transition
          anchor="bottom start"
          data-workspace-menu=""
          className="z-overlay w-72 max-w-[calc(100vw-1.5rem)] rounded-xl border border-surface-border bg-surface-raised p-2 text-ink shadow-xl transition duration-100 ease-out [--anchor-gap:0.5rem] [--anchor-padding:0.75rem] focus:outline-none data-closed:scale-95 data-closed:opacity-0"
        >
          <WorkspaceList current={current} text={text} />
          <MenuSeparator className="my-1 h-px bg-surface-border" />
          {current.kind === 'team' ? (
            <MenuItem>
              <a href={text.paths.teamSettings} className={`${ITEM} font-medium`} data-workspace-item="team-settings">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5 shrink-0 text-ink-muted"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
                  <circle cx="16" cy="6" r="2" />
                  <circle cx="10" cy="12" r="2" />
                  <circle cx="18" cy="18" r="2" />
                </svg>
                {text.teamSettings}
              </a>
            </MenuItem>
          ) : null}
          <MenuItem>
            <button
              type="button"
              onClick={() => setCreating(true)}
              className={`${ITEM} font-medium`}
              data-workspace-item="create-team"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 shrink-0 text-ink-muted"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M12 5v14M5 12h14" />
              </svg>
              {text.createTeam}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} text={text} />
    </>
  );
}

/** The user's workspaces, personal first (the API's order); the current one marked and not a switch. */
function WorkspaceList({ current, text }: { current: TCurrentWorkspace; text: TSwitcherText }) {
  const list = useQuery({ queryKey: workspacesKey, queryFn: readWorkspaces });
  const choose = (workspace: TWorkspace) =>
    switchWorkspace(workspace.id, {
      flash: withName(text.switched, workspace.kind === 'personal' ? text.personal : workspace.name),
      dashboard: text.paths.dashboard,
    });
  return (
    <MenuSection>
      <MenuHeading className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {text.heading}
      </MenuHeading>
      {list.isPending ? <p className="px-3 py-2 text-sm text-ink-muted">{text.loading}</p> : null}
      {list.isError ? (
        <p role="alert" className="px-3 py-2 text-sm text-danger-700 dark:text-danger-300">
          {text.loadFailed}
        </p>
      ) : null}
      {list.data?.items.map((workspace) => {
        const here = workspace.id === current.id;
        return (
          <MenuItem key={workspace.id}>
            <button
              type="button"
              onClick={() => (here ? undefined : choose(workspace))}
              aria-current={here ? 'true' : undefined}
              className={ITEM}
              data-workspace-id={workspace.id}
            >
              <WorkspaceIcon kind={workspace.kind} className="h-5 w-5 text-ink-muted" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold" title={workspace.name}>
                  {workspace.kind === 'personal' ? text.personal : workspace.name}
                </span>
                <span className="block truncate text-xs text-ink-muted">
                  {workspace.kind === 'personal' ? workspace.name : text.roles[workspace.role]}
                </span>
              </span>
              {here ? (
                <>
                  <span className="sr-only">({text.current})</span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5 shrink-0 text-primary-700 dark:text-primary-300"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <path d="M5 12.5l4.5 4.5L19 7" />
                  </svg>
                </>
              ) : null}
            </button>
          </MenuItem>
        );
      })}
    </MenuSection>
  );
}
