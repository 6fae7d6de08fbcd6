import path from 'node:path';
import { NextRequest, type NextResponse } from 'next/server';
import { sessionHintBootScript } from '@/components/layout/session-hint';
import { themeBootScript } from '@/components/theme/theme';
import { isHttps, pageContentSecurityPolicy, scriptHash } from '@/lib/http/security-headers.mjs';
import { createPrerenderedScriptHashes } from './prerendered-script-hashes';

const CSP = 'content-security-policy';
const production = process.env.NODE_ENV === 'production';
// `next dev` renders every page per request, and a production build left in .next must not name its scripts then.
const prerenderedHashes = production ? createPrerenderedScriptHashes(path.join(process.cwd(), '.next')) : () => null;
// The locale layout's inline boot script (app/[locale]/layout.tsx): Next puts the nonce on its own scripts only.
const LAYOUT_SCRIPT = scriptHash(themeBootScript + sessionHintBootScript);

function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/**
 * Runs the page handler (the locale proxy) with a fresh nonce in the request's
 * Content-Security-Policy, which Next.js reads and puts on every script of a
 * page it renders now, and answers with the policy that fits what will be
 * served: the page's own inline-script hashes when the build prerendered it
 * (static HTML carries no nonce, and stays static), else the nonce.
 */
export function withPagePolicy(
  request: NextRequest,
  appUrl: string,
  handle: (request: NextRequest) => NextResponse,
): NextResponse {
  const options = { https: isHttps(appUrl), dev: !production };
  const nonce = newNonce();
  const rendered = pageContentSecurityPolicy({ ...options, nonce, scriptHashes: [LAYOUT_SCRIPT] });
  const headers = new Headers(request.headers);
  headers.set(CSP, rendered);
  const response = handle(new NextRequest(request, { headers }));
  if (response.headers.has('location')) return response; // a redirect runs nothing
  const rewrite = response.headers.get('x-middleware-rewrite');
  const hashes = prerenderedHashes(rewrite ? new URL(rewrite).pathname : request.nextUrl.pathname);
  response.headers.set(CSP, hashes ? pageContentSecurityPolicy({ ...options, scriptHashes: hashes }) : rendered);
  return response;
}
