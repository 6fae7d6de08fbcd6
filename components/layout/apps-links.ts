/** `href: null`: a product of ours that is not available yet, listed but not a link. */
export type AppLink = { key: 'web' | 'application' | 'webforms' | 'validator'; href: string | null; external: boolean };

/** landing.apps, translated by SiteHeader: each app with its name, and the list's own text. */
export type AppsText = { label: string; newTab: string; soon: string };
export type LabelledAppLink = AppLink & { label: string };
