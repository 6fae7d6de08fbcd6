import { openApiDocument } from './openapi';

/**
 * What a developer can use today, read from the OpenAPI document the API
 * serves, so the public developer pages (/developers/api, /sdk, /community)
 * cannot announce as coming what has shipped, nor list what does not exist.
 * A new endpoint group or webhook event shows on them with the next build.
 */

/** Where GET /api/v1/openapi.json answers (app/api/v1/openapi.json/route.ts). */
export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The reference page rendered from that document. */
export const API_REFERENCE_PATH = '/developers/api/reference';

/**
 * The official SDK's npm package once one is published; null while none is.
 * The SDK page says which from this, so publishing one changes this line, not the prose.
 */
export const SDK_PACKAGE: string | null = null;

const API_PREFIX = '/api/v1/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** The part of the document the facts are read from (the built document has more). */
export type TOpenApiFactsSource = {
  openapi: string;
  paths?: Record<
    string,
    Partial<Record<(typeof METHODS)[number], { summary?: string; description?: string }>> | undefined
  >;
  components?: { schemas?: Record<string, unknown> };
};

/** A resource group: the first path segment after /api/v1/ (e.g. /api/v1/documents), and its operations. */
export type TApiGroup = { path: string; endpoints: number };

export type TDeveloperFacts = {
  /** OpenAPI version of the document, e.g. 3.1.0. */
  openapi: string;
  openApiPath: string;
  referencePath: string;
  groups: TApiGroup[];
  /** Operations in all groups. */
  endpoints: number;
  /** The events a webhook may subscribe to, in the order the API lists them. */
  webhookEvents: string[];
  /** The header that carries a delivery's HMAC signature, as the webhook registration documents it; null without webhooks. */
  webhookSignatureHeader: string | null;
  sdkPackage: string | null;
};

function enumOf(schema: unknown): string[] {
  const values = (schema as { enum?: unknown } | undefined)?.enum;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/**
 * The facts in one OpenAPI document. Groups are path segments rather than
 * tags: the document has no tags, and the segment is what a caller types.
 */
export function developerFactsOf(document: TOpenApiFactsSource): TDeveloperFacts {
  const counts = new Map<string, number>();
  let signatureHeader: string | null = null;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith(API_PREFIX) || !item) continue;
    const group = `${API_PREFIX}${path.slice(API_PREFIX.length).split('/')[0]}`;
    const operations = METHODS.flatMap((method) => item[method] ?? []);
    counts.set(group, (counts.get(group) ?? 0) + operations.length);
    for (const { summary = '', description = '' } of operations)
      signatureHeader ??= /`([\w-]+-Signature): t=/.exec(`${summary} ${description}`)?.[1] ?? null;
  }
  const groups = [...counts].filter(([, endpoints]) => endpoints > 0).map(([path, endpoints]) => ({ path, endpoints }));
  return {
    openapi: document.openapi,
    openApiPath: OPENAPI_PATH,
    referencePath: API_REFERENCE_PATH,
    groups,
    endpoints: groups.reduce((sum, group) => sum + group.endpoints, 0),
    webhookEvents: enumOf(document.components?.schemas?.WebhookEvent),
    webhookSignatureHeader: signatureHeader,
    sdkPackage: SDK_PACKAGE,
  };
}

let facts: TDeveloperFacts | undefined;

/** The facts of this build's API, read once per process (the pages are rendered at build time). */
export function developerFacts(): TDeveloperFacts {
  // The server address does not change what is listed.
  facts ??= developerFactsOf(openApiDocument('/') as TOpenApiFactsSource);
  return facts;
}
