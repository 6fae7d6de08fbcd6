import { hashApiKey, newApiKeySecret } from '@/lib/server/api-keys/api-key-secret';
import type { TDbClient } from '@/lib/server/db/create-client';
import { userOnPlan } from '@/tests/fixtures/plan-user';

/**
 * An Enterprise owner (no monthly quota to run into) written straight into the bench app's database, with an API key
 * for its personal workspace; returns the key's secret.
 */
export async function benchOwnerKey(client: TDbClient, email: string): Promise<string> {
  const user = await userOnPlan(client, { email, name: 'Bench Owner' }, 'ENTERPRISE');
  const { secret, prefix } = newApiKeySecret();
  await client.apiKey.create({
    data: {
      ownerId: user.id,
      workspaceId: user.id,
      name: 'bench',
      prefix,
      hash: hashApiKey(secret),
      scopes: 'documents',
    },
  });
  return secret;
}
