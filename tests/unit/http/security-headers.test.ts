import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pageContentSecurityPolicy, staticSecurityHeaders } from '@/lib/http/security-headers.mjs';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('pageContentSecurityPolicy', () => {
  it('allows inline scripts only by nonce or hash, never unsafe-inline, and forbids framing', () => {
    const policy = pageContentSecurityPolicy({ nonce: 'abc', scriptHashes: ['sha256-x'] });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc' 'sha256-x'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy).not.toContain('unsafe-eval');
  });

  it('upgrades requests on https and allows eval only for next dev', () => {
    expect(pageContentSecurityPolicy({ https: true })).toContain('upgrade-insecure-requests');
    expect(directive(pageContentSecurityPolicy({ dev: true }), 'script-src')).toBe("script-src 'self' 'unsafe-eval'");
  });
});

describe('staticSecurityHeaders', () => {
  const all = (appUrl: string) =>
    Object.fromEntries(staticSecurityHeaders({ appUrl })[0]?.headers.map(({ key, value }) => [key, value]) ?? []);

  it('sends HSTS only when APP_URL is https', () => {
    expect(all('https://sign.example.com')['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    expect(all('http://localhost:3000')['strict-transport-security']).toBeUndefined();
  });

  it('turns the camera off and keeps the API policy away from Next’s own files', () => {
    expect(all('http://localhost:3000')).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(all('http://localhost:3000')['permissions-policy']).toContain('camera=()');
    const policy = staticSecurityHeaders({ appUrl: 'http://localhost:3000' })[1];
    expect(policy?.source).toBe('/((?!_next/).*)');
    expect(policy?.headers[0]?.value).toContain("default-src 'none'");
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, exactly as written, and skips data blocks and external scripts', () => {
    const boot = "(function(){document.documentElement.classList.toggle('dark',false)})();";
    const flight = 'self.__next_f.push([1,"a\\u003c/script\\u003e"])';
    const html = `<html><head><script>${boot}</script><script src="/a.js" async=""></script>
      <script type="application/ld+json">{"@context":"https://schema.org"}</script></head>
      <body><script type="module">${flight}</script><script id="_R_">${boot}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(boot), sha(flight)]);
  });
});
