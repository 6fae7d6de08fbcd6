import type { Locale } from './routing';

/**
 * Catalogues beyond the core messages/<locale>.json, one top-level namespace
 * each, in messages/<namespace>/<locale>.json. Split so each area's text lives
 * in its own file (content pages alone are longer than the rest together) and
 * so the client bundle can be given only the namespaces it renders.
 */
export const MESSAGE_NAMESPACES = ['pages', 'contact', 'seo', 'auth'] as const;

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
