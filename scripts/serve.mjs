#!/usr/bin/env node
// Production server (`npm start` runs it after building): Next.js's request
// handler behind a small cache that answers the prerendered public pages from
// memory (scripts/lib/page-cache.mjs). Everything else is plain Next.js.
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import next from 'next';
import { redactTokenPaths } from '../lib/http/token-paths.mjs';
import { installGracefulExit } from './lib/graceful-exit.mjs';
import { BYPASS_HEADER, createPageCache } from './lib/page-cache.mjs';
import { createLocaleOutcome } from './lib/page-locale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
// The public address (lib/env.ts appUrl): every request is answered as if it came to it.
const publicUrl = new URL(process.env.APP_URL || `http://localhost:${port}`);
const secureCookies = publicUrl.protocol === 'https:';
const locales = ['en', 'pt', 'cs', 'es']; // lib/i18n/routing.ts; English is unprefixed
const prefixes = locales.map((locale) => (locale === 'en' ? '' : `/${locale}`));
// The landing page under both of its addresses, in every locale.
const paths = prefixes.flatMap((prefix) => [prefix || '/', `${prefix}/web`]);

// The client address reaches route handlers only through this header (lib/server/http/client-address.ts):
// set here from the socket on every request, overwriting whatever the client sent. The marker tells the app
// (same process) that the header is ours; under `next dev` it is absent and the header is ignored.
const SOCKET_ADDRESS_HEADER = 'x-signet-socket-address';
globalThis[Symbol.for('signet.socket-address-header')] = true;

const app = next({ dev: false, dir: root, port, hostname: 'localhost' });
await app.prepare();
const handle = app.getRequestHandler();

const cache = createPageCache({
  paths,
  host: publicUrl.host,
  localeCookie: 'SIGNET_LOCALE',
  localeOutcome: createLocaleOutcome({ locales, defaultLocale: 'en' }),
  // What proxy.ts gives a visitor without one (lib/auth/xsrf.ts newXsrfToken; e2e tests/e2e/marketing/seo.spec.ts checks both agree).
  visitorCookie: {
    name: 'XSRF-TOKEN',
    create: () =>
      `XSRF-TOKEN=${randomBytes(32).toString('base64url')}; Path=/; SameSite=lax${secureCookies ? '; Secure' : ''}`,
  },
  fetchFromNext: (pathname, headers) => askNext(pathname, headers),
});

/**
 * The cache's request, asked of Next over loopback.
 * @param {string} pathname
 * @param {Record<string, string>} headers
 * @returns {Promise<import('./lib/page-cache.mjs').Answer>}
 */
function askNext(pathname, headers) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path: pathname, method: 'GET', headers }, (incoming) => {
      const chunks = [];
      incoming.on('data', (chunk) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 500, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on('error', reject);
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('Next did not answer within 30 s')));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Next (and next-intl's Link header of alternates) builds absolute addresses
 * from Host and X-Forwarded-*: a visitor's `Host: evil.example` would be
 * written into the answer, and into the page cache's copy for everyone. The
 * server answers for APP_URL only, so the request says so before anyone reads it.
 * @param {import('node:http').IncomingMessage} request
 */
function pinHost(request) {
  request.headers.host = publicUrl.host;
  request.headers['x-forwarded-host'] = publicUrl.host;
  request.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  request.headers['x-forwarded-port'] = publicUrl.port || (secureCookies ? '443' : '80');
}

const server = createServer((request, response) => {
  pinHost(request);
  request.headers[SOCKET_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
  cache
    .serve(request, response)
    .then((served) => {
      if (!served) return handle(request, response);
    })
    .catch((error) => {
      // The only line this server writes per request: redacted as the app's logger does (an error may name the path).
      console.error(redactTokenPaths(JSON.stringify({ level: 'error', msg: 'request failed', error: String(error) })));
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
});
// Longer than clients keep an idle connection for reuse (Node's agent and undici: 4-5 s): with equal timeouts a
// client could send on a connection the server was closing that instant, and fail with ECONNRESET.
server.keepAliveTimeout = 10_000;
server.listen(port, () =>
  console.log(
    `✓ Ready on http://localhost:${port} (prerendered pages cached: ${paths.join(' ')}; header ${BYPASS_HEADER} bypasses)`,
  ),
);

// SIGTERM/SIGINT: running jobs get JOB_SHUTDOWN_GRACE_MS (lib/env.ts, validated by boot.ts) to finish;
// the backstop leaves room for giving the rest back to the queue and closing open requests.
const graceMs = Number(process.env.JOB_SHUTDOWN_GRACE_MS || 25_000);
installGracefulExit({ server, backstopMs: graceMs + 10_000 });
