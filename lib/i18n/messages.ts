import type { Locale } from './routing';

/**
 * Catalogues beyond the core messages/<locale>.json, one top-level namespace
 * each, in messages/<namespace>/<locale>.json. Split so each area's text lives
 * in its own file (content pages alone are longer than the rest together) and
 * so the client bundle can be given only the namespaces it renders.
 */
export const MESSAGE_NAMESPACES = ['pages', 'contact', 'seo', 'auth', 'mail', 'outbox'] as const;

/**
 * The messages client components read with useTranslations (dot paths), per
 * scope: components/i18n/client-messages.tsx (<ClientMessages scope="…">)
 * sends them around those components, so the text reaches the browser only on
 * the pages that render them. Every message sent is inlined into the page's
 * HTML and parsed before hydration, and server components read the full
 * catalogue anyway. The components every page shows (header, error screen)
 * get their text as props instead, so most pages load none of next-intl's
 * client runtime. A new client component that translates text adds its
 * namespace to a scope here (or gets its text as props).
 * tests/unit/i18n/client-messages.test.ts checks every client component's namespaces are covered.
 */
export const SCOPED_CLIENT_MESSAGE_KEYS = {
  contact: ['contact'],
  // Settings also manages API keys (components/api-keys) and, in a team, its members, invitations and branding
  // (components/teams/team-section.tsx); its toasts reuse the dashboard's problem text.
  settings: ['auth.settings', 'common', 'apiKeys', 'teams.settings', 'teams.roles', 'teamBranding'],
  // The invitation page's accept and sign-out buttons (components/teams/invitation-actions.tsx).
  invite: ['teams.invite'],
  // The documents list of /dashboard (components/dashboard), and a limited plan's month (components/upload/quota-use.tsx).
  dashboard: ['dashboard', 'auth.usage'],
  // The upload panel translates a refusal's code itself (lib/upload/upload-failure.ts);
  // a quota refusal shows the user's plan and the Pro plan's card text; above it, the month's use.
  upload: ['auth.upload', 'errors.codes', 'auth.account.plans', 'landing.pricing', 'auth.usage'],
  // The owner's workspace (components/workspace): its panels, and the document viewer
  // (components/viewer) it draws fields over; the signing page will want a scope with 'viewer' too.
  // Cancelling from it opens the dashboard's cancel dialog, with the dashboard's toasts.
  workspace: ['workspace', 'viewer', 'finalize', 'dashboard.cancelDialog', 'dashboard.toasts'],
  // The signer's page (/sign/{token}, components/signing): its guide, consent, the eID step, the viewer it draws fields over,
  // and the signature capture dialog it opens.
  signing: ['signing', 'viewer', 'signerEid', 'signatureCapture', 'finalize'],
  // The public validator's panel (components/validator): its drop zone, verdict and details.
  validator: ['validator'],
  // Admin's delete-user button (its toasts interpolate the user's name and the refusal).
  admin: ['dialogs.deleteUser'],
  // Server-rendered pages whose only client text is a date in the viewer's time zone (components/i18n/local-date-time.tsx):
  // a provider for the formatter, no messages (account, the outbox, the admin's failed jobs).
  localDates: [],
} as const satisfies Record<string, readonly string[]>;

/**
 * Messages a chunk loaded on demand receives as props and hands to its own
 * NextIntlClientProvider (like the language list), so pages load no
 * translation runtime until it appears: the modal dialog's texts
 * (components/dialogs/dialog-host.tsx, given by the (app) layout).
 */
export const PROP_CLIENT_MESSAGE_KEYS = {
  dialogs: ['dialogs'],
} as const satisfies Record<string, readonly string[]>;

export type Messages = Record<string, unknown>;

/** Every message of one locale: the core catalogue plus each namespace file. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const core = (await import(`../../messages/${locale}.json`)).default as Messages;
  const extra = await Promise.all(
    MESSAGE_NAMESPACES.map(async (namespace) => {
      const file = (await import(`../../messages/${namespace}/${locale}.json`)).default as Messages;
      return [namespace, file] as const;
    }),
  );
  return { ...core, ...Object.fromEntries(extra) };
}

/** The subset of a catalogue under the given dot paths, nesting kept; missing paths are skipped. */
export function pickMessages(messages: Messages, keys: readonly string[]): Messages {
  const picked: Messages = {};
  for (const key of keys) {
    const parts = key.split('.');
    let source: unknown = messages;
    for (const part of parts) source = isRecord(source) ? source[part] : undefined;
    if (source === undefined) continue;
    let target = picked;
    for (const part of parts.slice(0, -1)) {
      if (!isRecord(target[part])) target[part] = {};
      target = target[part] as Messages;
    }
    target[parts.at(-1) ?? key] = source;
  }
  return picked;
}

function isRecord(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
