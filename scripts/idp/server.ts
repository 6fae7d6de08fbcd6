// The local identity provider's HTTP server: oidc-provider for every protocol
// endpoint, plus the login interaction (our form) and, in tests only, the
// switch of the test variant.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { checkCredentials } from './accounts';
import { loginPage } from './pages';
import { providerConfiguration, type TIdpOptions } from './provider-config';
import { TEST_VARIANTS, tamperIdToken, type TTestVariant } from './test-variant';

export type TIdpServerOptions = TIdpOptions & { issuer: string; testHooks: boolean };

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

export function createIdpServer(options: TIdpServerOptions): Server {
  const provider = new Provider(options.issuer, providerConfiguration(options));
  let variant: TTestVariant = 'none';

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

  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', options.issuer);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    try {
      const login = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
      if (login && req.method === 'GET' && !login[2]) {
        const details = await provider.interactionDetails(req, res);
        return html(200, loginPage({ action: `/interaction/${details.uid}/login`, email: String(details.params.login_hint ?? '') }));
      }
      if (login && req.method === 'POST' && login[2]) {
        const details = await provider.interactionDetails(req, res);
        const form = new URLSearchParams(await readBody(req));
        const email = form.get('email') ?? '';
        const account = checkCredentials(email, form.get('password') ?? '', { throwaway: options.testHooks });
        if (!account) {
          return html(401, loginPage({ action: `/interaction/${details.uid}/login`, email, error: 'Wrong email or password.' }));
        }
        return await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      }
      if (options.testHooks && url.pathname === '/__test/variant' && req.method === 'POST') {
        const requested = (await readBody(req)).trim() as TTestVariant;
        if (!TEST_VARIANTS.includes(requested)) return html(400, 'unknown variant');
        variant = requested;
        res.writeHead(204).end();
        return;
      }
      return callback(req, res);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`idp: ${message}`);
      if (!res.headersSent) html(400, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in error</h1><p>This sign-in attempt expired or is invalid. Go back to the application and sign in again.</p></main></body></html>`);
    }
  });
}
