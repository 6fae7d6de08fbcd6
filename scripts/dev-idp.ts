// `npm run idp`: the local OpenID Connect provider for development and tests,
// on IDP_PORT (default 3001). `npm start` runs it as its own process when
// OIDC_ISSUER is unset (scripts/lib/local-idp.ts) and stops it with the app.
import { EnvError, parseEnv } from '../lib/env';
import { loadIdpSecrets } from './idp/secrets';
import { createIdpServer } from './idp/server';

function main() {
  const env = parseEnv();
  const issuer = `http://localhost:${env.IDP_PORT}`;
  const server = createIdpServer({
    issuer,
    appUrl: env.appUrl,
    secrets: loadIdpSecrets(env.dataDir),
    accessTokenTtl: env.IDP_ACCESS_TOKEN_TTL,
    testHooks: env.IDP_TEST_HOOKS,
    dataDir: env.dataDir,
  });
  server.on('error', (error) => {
    console.error(`signet: local identity provider failed: ${error.message}`);
    process.exit(1);
  });
  server.listen(env.IDP_PORT, 'localhost', () => {
    console.log(`signet: local identity provider at ${issuer} (demo users in README)`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
}

try {
  main();
} catch (error) {
  console.error(`signet: ${error instanceof EnvError ? error.message : String(error)}`);
  process.exit(1);
}
