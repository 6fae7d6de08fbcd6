import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next 16 rewrites 127.x hosts to localhost, which breaks OIDC redirect_uri
  // matching and cookie scoping for anyone opening http://127.0.0.1 (DESIGN §11).
  skipProxyUrlNormalize: true,
  // forbidden() answers 403 with app/[locale]/forbidden.tsx (the admin page for non-admins).
  experimental: { authInterrupts: true },
  // Native and Wasm modules must be loaded by Node at run time, not bundled.
  serverExternalPackages: ['better-sqlite3', '@prisma/adapter-better-sqlite3', '@prisma/adapter-pg', 'pg', '@aws-sdk/lib-storage'],
  // The build must not fetch anything: this machine reaches only the npm registry.
  images: { unoptimized: true },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
