import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DialogProvider } from '@/components/dialogs/dialog-provider';
import { SiteHeader } from '@/components/layout/site-header';
import { QueryProvider } from '@/components/query-provider';
import { NAME_SLOT, type TSwitcherText } from '@/components/teams/switcher-text';
import { WorkspaceSwitcher } from '@/components/teams/workspace-switcher';
import { getPathname } from '@/lib/i18n/navigation';
import { pickMessages, PROP_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';
import { currentUser } from '@/lib/server/auth/require-user';
import { pageWorkspace } from '@/lib/server/workspaces/page-workspace';

async function switcherText(locale: Locale): Promise<TSwitcherText> {
  const t = await getTranslations('teams.switcher');
  const create = await getTranslations('teams.create');
  const roles = await getTranslations('teams.roles');
  return {
    label: t('label'),
    heading: t('heading'),
    personal: t('personal'),
    roles: { owner: roles('owner'), admin: roles('admin'), member: roles('member') },
    current: t('current'),
    loading: t('loading'),
    loadFailed: t('loadFailed'),
    teamSettings: t('teamSettings'),
    createTeam: t('createTeam'),
    create: {
      title: create('title'),
      lead: create('lead'),
      name: create('name'),
      placeholder: create('placeholder'),
      submit: create('submit'),
      creating: create('creating'),
      cancel: create('cancel'),
      close: create('close'),
      nameRequired: create('nameRequired'),
      created: create('created', { name: NAME_SLOT }),
      failed: create('failed'),
      offline: create('offline'),
    },
    switched: t('switched', { name: NAME_SLOT }),
    paths: {
      dashboard: getPathname({ href: '/dashboard', locale }),
      teamSettings: `${getPathname({ href: '/settings', locale })}#team`,
    },
  };
}

/**
 * The signed-in workspace: header (leading to the workspace's rooms, with the workspace switcher), a content
 * column and the one modal dialog. The proxy keeps signed-out visitors out. The data cache spans the header too:
 * the switcher reads the user's workspaces through it.
 */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = [(await getLocale()) as Locale, await getMessages()];
  const user = await currentUser();
  const workspace = user ? await pageWorkspace(user.id) : null;
  return (
    <QueryProvider>
      <SiteHeader
        area="app"
        workspace={
          workspace ? (
            <WorkspaceSwitcher
              initial={{ id: workspace.id, name: workspace.name, kind: workspace.kind }}
              text={await switcherText(locale)}
            />
          ) : null
        }
      />
      {/* A page that needs the room (the document workspace) marks itself data-wide-page. */}
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14 has-[[data-wide-page]]:max-w-7xl">
        <DialogProvider locale={locale} messages={pickMessages(messages, PROP_CLIENT_MESSAGE_KEYS.dialogs)}>
          {children}
        </DialogProvider>
      </main>
    </QueryProvider>
  );
}
