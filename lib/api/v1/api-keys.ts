import { z } from 'zod';
import { plainText } from './text';

/**
 * What an API key may do, one scope per kind of call (docs/api.md "Scopes"). A
 * signed-in session has every scope; templates and team scopes guard the
 * routes of those areas as they arrive, so keys can already be made without them.
 */
export const API_SCOPES = [
  'documents:read',
  'documents:write',
  'templates:read',
  'templates:write',
  'webhooks:manage',
  'team:manage',
] as const;
export type TApiScope = (typeof API_SCOPES)[number];

export const ZApiScope = z.enum(API_SCOPES).meta({ id: 'ApiScope' });

/** The scopes in their one canonical order, each once. */
export const canonicalScopes = (scopes: readonly TApiScope[]): TApiScope[] =>
  API_SCOPES.filter((scope) => scopes.includes(scope));

export const ZCreateApiKeyBody = z
  .object({
    name: plainText(100),
    scopes: z
      .array(ZApiScope)
      .min(1, 'A key needs at least one scope.')
      .max(API_SCOPES.length * 2)
      .optional()
      .transform((scopes) => (scopes ? canonicalScopes(scopes) : [...API_SCOPES]))
      .meta({ description: 'What the key may do; every scope when left out.' }),
    endsWithSessions: z.boolean().default(false).meta({
      description: 'Revoke the key (and disable the webhooks it created) when the owner uses "Sign out everywhere".',
    }),
  })
  .meta({ id: 'CreateApiKeyBody' });

export const ZApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    scopes: z.array(ZApiScope),
    endsWithSessions: z.boolean(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });

/** Only the answer to the creation carries the secret, once. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() }).meta({ id: 'CreatedApiKey' });

export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyBody>;
export type TApiKey = z.infer<typeof ZApiKey>;
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
