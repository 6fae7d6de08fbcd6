import createNextIntlPlugin from 'next-intl/plugin';
import { staticSecurityHeaders } from './lib/http/security-headers.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next 16 rewrites 127.x hosts to localhost, which breaks OIDC redirect_uri
  // matching and cookie scoping for anyone opening http://127.0.0.1.
  skipProxyUrlNormalize: true,
  // forbidden() answers 403 with app/[locale]/forbidden.tsx (the admin page for non-admins).
  experimental: { authInterrupts: true },
  // `npm test` runs tsc over the whole project before its e2e build starts the app (scripts/test.mjs), so that
  // build skips Next's own second type check (half a minute on a 2-core machine). Any other build still checks.
  typescript: { ignoreBuildErrors: process.env.SIGNET_BUILD_TYPECHECKED === '1' },
  // Native and Wasm modules must be loaded by Node at run time, not bundled.
  serverExternalPackages: [
    'better-sqlite3',
    '@prisma/adapter-better-sqlite3',
    '@prisma/adapter-pg',
    'pg',
    '@aws-sdk/lib-storage',
  ],
  // The build must not fetch anything: this machine reaches only the npm registry.
  images: { unoptimized: true },
  // The pages' Content-Security-Policy comes from proxy.ts (a nonce or the prerendered page's
  // script hashes); HSTS follows APP_URL, which scripts/boot.ts rebuilds on.
  async headers() {
    return staticSecurityHeaders({ appUrl: process.env.APP_URL ?? '' });
  },
};

export default withNextIntl(nextConfig);
