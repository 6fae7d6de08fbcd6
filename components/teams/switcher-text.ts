import type { TMemberRole } from '@/lib/api/v1/workspaces';

/**
 * The switcher's text, formatted on the server like the rest of the header's (components/layout/site-header.tsx),
 * so it needs no translation runtime. `{name}` marks where the browser puts a team's name.
 */
export type TSwitcherText = {
  /** Read before the current workspace's name on the button. */
  label: string;
  heading: string;
  personal: string;
  roles: Record<TMemberRole, string>;
  current: string;
  loading: string;
  loadFailed: string;
  teamSettings: string;
  createTeam: string;
  create: {
    title: string;
    lead: string;
    name: string;
    placeholder: string;
    submit: string;
    creating: string;
    cancel: string;
    close: string;
    nameRequired: string;
    /** With {name}. */
    created: string;
    failed: string;
    offline: string;
  };
  /** With {name}. */
  switched: string;
  /** Where the switcher's links lead, in the page's language. */
  paths: { dashboard: string; teamSettings: string };
};

export const NAME_SLOT = '{name}';

export const withName = (template: string, name: string) => template.replace(NAME_SLOT, name);
