import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import type { TApiScope } from './api-keys';
import { ZCreateWebhookBody, ZCreatedWebhook, ZListWebhooksQuery, ZWebhookList } from './webhooks';

type THelpers = {
  problem: (description: string) => ZodOpenApiResponseObject;
  ok: (schema: z.ZodType, description?: string) => ZodOpenApiResponseObject;
  jsonBody: (schema: z.ZodType) => { content: { 'application/json': { schema: z.ZodType } } };
  operation: (
    access: TApiScope,
    summary: string,
    spec: Omit<ZodOpenApiOperationObject, 'summary'>,
  ) => ZodOpenApiOperationObject;
};

const SIGNATURE =
  'Each delivery carries `Signet-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: verify it over the raw bytes, and refuse old timestamps. Answer 2xx to acknowledge; anything else (redirects included, which are not followed) is retried with backoff, about 12 times over 40 minutes, under the same `id`.';

/** The owner's webhook endpoints (docs/webhooks.md). */
export function webhookPaths({ problem, ok, jsonBody, operation }: THelpers): ZodOpenApiPathsObject {
  return {
    '/api/v1/webhooks': {
      get: operation(
        'webhooks:manage',
        'Your webhooks, newest first, each with its latest deliveries and whether it is active (never the secret)',
        {
          requestParams: { query: ZListWebhooksQuery },
          responses: { '200': ok(ZWebhookList) },
        },
      ),
      post: operation(
        'webhooks:manage',
        `Register a webhook; its signing secret is in this answer only. Each event is POSTed as a WebhookPayload. ${SIGNATURE} A webhook registered with an API key is disabled (active: false) when that key is revoked.`,
        {
          requestBody: jsonBody(ZCreateWebhookBody),
          responses: {
            '201': ok(ZCreatedWebhook, 'Created'),
            '400': problem(
              'Invalid input: not https, a private address, an unknown event; errors[] names each bad path.',
            ),
            '409': problem('You already have the most webhooks an account may have (20).'),
          },
        },
      ),
    },
    '/api/v1/webhooks/{id}': {
      delete: operation('webhooks:manage', 'Delete a webhook and its delivery log', {
        requestParams: { path: z.object({ id: z.string() }) },
        responses: { '204': { description: 'Deleted' } },
      }),
    },
  };
}
