// `npm run apikey -- create --email <user> [--workspace <id>] [--scopes a,b] [--name N]`: an API key for an
// existing user, made by the operator (provisioning an integration, a test instance) without the Settings page.
// The secret is printed alone on the last line, so `… | tail -1` gives it. Works on DATABASE_URL (docs/api.md).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { API_SCOPES, ZCreateApiKeyBody } from '../lib/api/v1/api-keys';
import { EnvError } from '../lib/env';
import { workspaceLabel } from './lib/workspace-label';

const USAGE = `usage: npm run apikey -- create --email <user> [--workspace <workspace id>] [--scopes <${API_SCOPES.join(',')}>] [--name <name>]`;

function parse() {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        workspace: { type: 'string' },
        scopes: { type: 'string' },
        name: { type: 'string' },
      },
    });
    return positionals.length === 1 && positionals[0] === 'create' && values.email ? values : null;
  } catch (error) {
    // An unknown option, or one without its value.
    console.error(`signet: apikey: ${(error as Error).message}`);
    return null;
  }
}

async function main(): Promise<number> {
  const values = parse();
  if (!values) {
    console.error(USAGE);
    return 2;
  }
  const email = values.email!.trim();
  if (!z.email().safeParse(email).success) {
    console.error(`signet: apikey: "${values.email}" is not an email address`);
    return 2;
  }
  const scopes = values.scopes
    ?.split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes?.filter((scope) => !(API_SCOPES as readonly string[]).includes(scope)) ?? [];
  if (unknown.length) {
    console.error(
      `signet: apikey: no scope ${unknown.map((scope) => `"${scope}"`).join(', ')}; the scopes are ${API_SCOPES.join(', ')}`,
    );
    return 2;
  }
  // The same checks as POST /api/v1/api-keys: a one-line name of at most 100 characters, scopes once each in order.
  const body = ZCreateApiKeyBody.safeParse({ name: values.name ?? 'CLI', scopes });
  if (!body.success) {
    for (const issue of body.error.issues) console.error(`signet: apikey: ${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  // Loaded once the arguments are good: the database client is most of the start-up, so a mistyped command answers at once.
  const { createOperatorApiKey } = await import('../lib/server/api-keys/create-operator-api-key');
  const { getDb } = await import('../lib/server/db/client');
  try {
    const { key, workspace } = await createOperatorApiKey(email, body.data.name, {
      workspaceId: values.workspace,
      scopes: body.data.scopes,
    });
    console.log(
      `signet: apikey: created "${key.name}" (${key.prefix}) for ${email.toLowerCase()} in ${workspaceLabel(workspace)} (${workspace.id}), scopes ${key.scopes.join(' ')}; its secret, shown this once:`,
    );
    console.log(key.secret);
    return 0;
  } finally {
    await getDb().$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `signet: apikey: ${error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
