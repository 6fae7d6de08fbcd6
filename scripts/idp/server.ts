// The local identity provider's HTTP server: oidc-provider for every protocol
// endpoint, plus the login interaction (our form) and, in tests only, the
// switch of the test variant and of a shorter token lifetime.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { checkCredentials } from './accounts';
import { loginPage } from './pages';
import { providerConfiguration, type TIdpOptions } from './provider-config';
import { openIdpStore } from './store';
import { TEST_VARIANTS, tamperIdToken, type TTestVariant } from './test-variant';

/** `dataDir`: where its sessions, grants and tokens are kept across restarts (store.ts). */
export type TIdpServerOptions = TIdpOptions & { issuer: string; testHooks: boolean; dataDir: string };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The shortest and longest token lifetime, in seconds, the test hook accepts. */
const TEST_TTL_RANGE = [4, 3600] as const;

export function createIdpServer(options: TIdpServerOptions): Server {
  let variant: TTestVariant = 'none';
  // Set by a test that waits for a silent refresh, so it need not wait most of the configured lifetime.
  let ttlOverride: number | undefined;
  const store = openIdpStore(options.dataDir);
  const provider = new Provider(options.issuer, {
    ...providerConfiguration({ ...options, accessTokenTtl: () => ttlOverride ?? options.accessTokenTtl }),
    adapter: store.adapter,
  });

  provider.use(async (ctx, next) => {
    await next();
    if (variant === 'refuse-refresh' && ctx.path === '/token' && ctx.oidc?.params?.grant_type === 'refresh_token') {
      ctx.status = 400;
      ctx.body = { error: 'invalid_grant', error_description: 'refresh refused by the test variant' };
      return;
    }
    const body = ctx.body as { id_token?: string } | undefined;
    if (variant !== 'none' && ctx.path === '/token' && body?.id_token) {
      ctx.body = { ...body, id_token: tamperIdToken(body.id_token, variant, options.secrets.signingKey) };
    }
  });

  const callback = provider.callback();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', options.issuer);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    try {
      const login = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
      if (login && req.method === 'GET' && !login[2]) {
        const details = await provider.interactionDetails(req, res);
        return html(
          200,
          loginPage({ action: `/interaction/${details.uid}/login`, email: String(details.params.login_hint ?? '') }),
        );
      }
      if (login && req.method === 'POST' && login[2]) {
        const details = await provider.interactionDetails(req, res);
        const form = new URLSearchParams(await readBody(req));
        if (form.get('cancel')) {
          // As a real provider (or eID) answers when the person gives up: the client gets access_denied.
          const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in.' };
          return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
        }
        const email = form.get('email') ?? '';
        const account = checkCredentials(email, form.get('password') ?? '', { throwaway: options.testHooks });
        if (!account) {
          return html(
            401,
            loginPage({ action: `/interaction/${details.uid}/login`, email, error: 'Wrong email or password.' }),
          );
        }
        return await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub } },
          { mergeWithLastSubmission: false },
        );
      }
      if (options.testHooks && url.pathname === '/__test/variant' && req.method === 'POST') {
        const requested = (await readBody(req)).trim() as TTestVariant;
        if (!TEST_VARIANTS.includes(requested)) return html(400, 'unknown variant');
        variant = requested;
        res.writeHead(204).end();
        return;
      }
      if (options.testHooks && url.pathname === '/__test/access-token-ttl' && req.method === 'POST') {
        // A whole number of seconds for the tokens issued from now on, or an empty body for the configured lifetime.
        const requested = (await readBody(req)).trim();
        const seconds = Number(requested);
        if (requested && !(Number.isInteger(seconds) && seconds >= TEST_TTL_RANGE[0] && seconds <= TEST_TTL_RANGE[1])) {
          return html(400, `expected whole seconds from ${TEST_TTL_RANGE[0]} to ${TEST_TTL_RANGE[1]}, or nothing`);
        }
        ttlOverride = requested ? seconds : undefined;
        res.writeHead(204).end();
        return;
      }
      return callback(req, res);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`idp: ${message}`);
      if (!res.headersSent)
        html(
          400,
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>This sign-in attempt expired or is invalid. Go back to the application and sign in again.</p></main></body></html>`,
        );
    }
  });
  server.on('close', () => store.close());
  return server;
}
