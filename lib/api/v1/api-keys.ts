import { z } from 'zod';
import { plainText } from './text';

export const ZCreateApiKeyBody = z.object({ name: plainText(100) }).meta({ id: 'CreateApiKeyBody' });

export const ZApiKey = z
  .object({ id: z.string(), name: z.string(), prefix: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() })
  .meta({ id: 'ApiKey' });

/** Only the answer to the creation carries the secret, once. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() }).meta({ id: 'CreatedApiKey' });

export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;
export type TApiKey = z.infer<typeof ZApiKey>;
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
